import { randomUUID } from 'node:crypto';
import { readdir, utimes } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { limits } from '@ponte/shared/limits';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { chain, createFlow, executionsOf, finished } from '../../test/flow-fixtures';
import { describeEachDriver } from '../../test/test-database';
import { until } from '../../test/until';
import { createUploadRetention } from './manual-uploads';

const boundary = '----ponte-uploads';

/** A multipart body: `[field, filename | null, content]` per part. */
function multipart(parts: [string, string | null, string][]): string {
  const lines: string[] = [];
  for (const [name, filename, content] of parts) {
    lines.push(`--${boundary}`);
    lines.push(
      filename === null
        ? `Content-Disposition: form-data; name="${name}"`
        : `Content-Disposition: form-data; name="${name}"; filename="${filename}"`,
    );
    if (filename !== null) lines.push('Content-Type: text/plain');
    lines.push('', content);
  }
  lines.push(`--${boundary}--`, '');
  return lines.join('\r\n');
}

async function filesIn(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

describeEachDriver('manual trigger uploads', (driver) => {
  const uploadsDir = join(tmpdir(), `ponte-uploads-${randomUUID()}`);
  const t = useTestApp(driver, { uploadsDir, uploadLimits: { fileSize: 1024, files: 2 } });

  const uploadFlow = (account: TestAccount) =>
    createFlow(
      t,
      account,
      chain(
        {
          type: 'core_manual_trigger',
          params: {
            fields: [
              { name: 'a', label: 'A', type: 'upload', required: false },
              { name: 'b', label: 'B', type: 'upload', required: false },
              { name: 'c', label: 'C', type: 'upload', required: false },
              { name: 'obs', label: 'Obs', type: 'text', required: true },
            ],
          },
        },
        { type: 'core_log', params: { label: 'Arquivo', message: '{{ msg.payload.a.filename }}' } },
      ),
    );

  const send = (account: TestAccount, flowId: string, body: string) =>
    t.app.inject({
      method: 'POST',
      url: `/engine/flow/manual-trigger/${flowId}`,
      headers: {
        authorization: `Bearer ${account.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: body,
    });

  it('leaves nothing behind when a file is too large, there are too many, or the form is refused', async () => {
    const account = await t.createAccount();
    const flowId = await uploadFlow(account);
    const before = await filesIn(uploadsDir);

    const large = await send(
      account,
      flowId,
      multipart([
        ['a', 'pequeno.txt', 'ok'],
        ['b', 'grande.txt', 'x'.repeat(5000)],
        ['obs', null, 'x'],
      ]),
    );
    expect(large.statusCode, large.body).toBe(413);
    expect(large.json().message).toBe('A requisição é grande demais.');
    expect(await filesIn(uploadsDir)).toEqual(before);

    const many = await send(
      account,
      flowId,
      multipart([
        ['a', 'um.txt', '1'],
        ['b', 'dois.txt', '2'],
        ['c', 'tres.txt', '3'],
        ['obs', null, 'x'],
      ]),
    );
    expect(many.statusCode, many.body).toBe(413);
    expect(await filesIn(uploadsDir)).toEqual(before);

    // The files arrive before the form is checked: a missing required field removes them.
    const refused = await send(account, flowId, multipart([['a', 'um.txt', '1']]));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(await filesIn(uploadsDir)).toEqual(before);
    expect(await executionsOf(t, flowId)).toHaveLength(0);
  });

  it('leaves nothing behind when the connection is cut in the middle of a file', async () => {
    const account = await t.createAccount();
    const flowId = await uploadFlow(account);
    const before = await filesIn(uploadsDir);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    const head = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="a"; filename="cortado.txt"',
      'Content-Type: text/plain',
      '',
      'y'.repeat(500),
    ].join('\r\n');
    socket.write(
      [
        `POST /engine/flow/manual-trigger/${flowId} HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        `Authorization: Bearer ${account.token}`,
        `Content-Type: multipart/form-data; boundary=${boundary}`,
        'Content-Length: 100000',
        '',
        head,
      ].join('\r\n'),
    );
    // The server has started to keep the file: the cut happens mid-upload.
    await until(
      async () => (await filesIn(uploadsDir)).length > before.length,
      'o início do arquivo',
    );
    socket.destroy();
    await until(
      async () => (await filesIn(uploadsDir)).length === before.length,
      'o arquivo parcial ser apagado',
    );
    expect(await filesIn(uploadsDir)).toEqual(before);
    expect(await executionsOf(t, flowId)).toHaveLength(0);
  });

  it('keeps a file whose name is very long under its reference, with the name cut', async () => {
    const account = await t.createAccount();
    const flowId = await uploadFlow(account);
    const name = `${'nome-comprido-'.repeat(22)}.txt`;
    expect(Buffer.byteLength(name)).toBeGreaterThan(300);
    const res = await send(
      account,
      flowId,
      multipart([
        ['a', `../../${name}`, 'conteúdo'],
        ['obs', null, 'x'],
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const [execution] = await finished(t, flowId);
    const file = (execution!.triggerMsg as { payload: { a: { filename: string; ref: string } } })
      .payload.a;
    expect(file.filename.length).toBeLessThanOrEqual(limits.uploadNameMax);
    expect(file.filename.startsWith('nome-comprido-')).toBe(true);
    expect(await filesIn(uploadsDir)).toContain(file.ref);
  });

  it('removes accepted uploads once they are older than the retention, and keeps newer ones', async () => {
    const account = await t.createAccount();
    const flowId = await uploadFlow(account);
    const res = await send(
      account,
      flowId,
      multipart([
        ['a', 'velho.txt', 'v'],
        ['obs', null, 'x'],
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const [execution] = await finished(t, flowId);
    const old = (execution!.triggerMsg as { payload: { a: { ref: string } } }).payload.a.ref;
    const day = 86_400_000;
    // The file was written a day and a half ago; another one is still fresh.
    const then = new Date(Date.now() - 1.5 * day);
    await utimes(join(uploadsDir, old), then, then);
    const fresh = await send(
      account,
      flowId,
      multipart([
        ['a', 'novo.txt', 'n'],
        ['obs', null, 'x'],
      ]),
    );
    expect(fresh.statusCode).toBe(200);
    const kept = (await filesIn(uploadsDir)).filter((name) => name !== old);

    const retention = createUploadRetention({ dir: uploadsDir, maxAgeMs: day });
    expect(await retention.sweep()).toBe(1);
    expect(await filesIn(uploadsDir)).toEqual(kept);
  });
});
