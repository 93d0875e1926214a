import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';
import { limits } from '@ponte/shared/limits';
import type { StorageFileRef } from '@ponte/shared/storage.schema';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { chain, createFlow, executionsOf } from '../../test/flow-fixtures';
import { describeEachDriver } from '../../test/test-database';
import { until } from '../../test/until';
import { createLocalStorageDriver } from '../storage/local-driver';
import { createStorageService } from '../storage/storage.service';
import { createUploadRetention, saoPauloDate } from './manual-uploads';

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

/** Every file under `dir` (temporary ones too), relative to it. */
async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  return entries
    .filter((entry) => !entry.isDirectory())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

describeEachDriver('manual trigger uploads', (dbDriver) => {
  const root = join(tmpdir(), `ponte-storage-${randomUUID()}`);
  const storage = createStorageService({ driver: createLocalStorageDriver(root) });
  const t = useTestApp(dbDriver, {
    storage: { driver: createLocalStorageDriver(root) },
    uploadLimits: { fileSize: 1024, files: 2 },
  });

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
        { type: 'core_log', params: { label: 'Arquivo', message: '{{ msg.payload.a.name }}' } },
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

  const uploaded = async (account: TestAccount, flowId: string, name: string) => {
    const res = await send(
      account,
      flowId,
      multipart([
        ['a', name, 'conteúdo'],
        ['obs', null, 'x'],
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json() as { execution_id: string }).execution_id;
    const execution = await until(
      async () => (await executionsOf(t, flowId)).find((row) => row.id === id && row.endedAt),
      'a execução do envio',
    );
    return (execution.triggerMsg as { payload: { a: StorageFileRef } }).payload.a;
  };

  it('leaves nothing behind when a file is too large, there are too many, or the form is refused', async () => {
    const account = await t.createAccount();
    const flowId = await uploadFlow(account);
    const before = await filesIn(root);

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
    expect(await filesIn(root)).toEqual(before);

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
    expect(await filesIn(root)).toEqual(before);

    // The files arrive before the form is checked: a missing required field removes them.
    const refused = await send(account, flowId, multipart([['a', 'um.txt', '1']]));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(await filesIn(root)).toEqual(before);
    expect(await executionsOf(t, flowId)).toHaveLength(0);
  });

  it('leaves nothing behind when the connection is cut in the middle of a file', async () => {
    const account = await t.createAccount();
    const flowId = await uploadFlow(account);
    const before = await filesIn(root);
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
    await until(async () => (await filesIn(root)).length > before.length, 'o início do arquivo');
    socket.destroy();
    await until(
      async () => (await filesIn(root)).length === before.length,
      'o arquivo parcial ser apagado',
    );
    expect(await filesIn(root)).toEqual(before);
    expect(await executionsOf(t, flowId)).toHaveLength(0);
  });

  it('keeps the file in the workspace storage under /envios-manuais/<day>/<uuid>/', async () => {
    const account = await t.createAccount();
    const flowId = await uploadFlow(account);
    const name = `${'nome-comprido-'.repeat(22)}.txt`;
    expect(Buffer.byteLength(name)).toBeGreaterThan(300);
    const file = await uploaded(account, flowId, `../../${name}`);
    expect(file.name.length).toBeLessThanOrEqual(limits.uploadNameMax);
    expect(file.name.startsWith('nome-comprido-')).toBe(true);
    expect(file.name.endsWith('.txt')).toBe(true);
    const day = saoPauloDate(new Date());
    expect(file.path).toMatch(
      new RegExp(`^/envios-manuais/${day}/[0-9a-f-]{36}/nome-comprido-[a-z-]+\\.txt$`),
    );
    expect(file).toEqual({ path: file.path, name: file.name, size: 9, mimetype: 'text/plain' });
    const read = await storage.readBytes(account.workspaceId, file.path, 100);
    expect(Buffer.from(read.content).toString('utf8')).toBe('conteúdo');
    // A name the storage would refuse becomes "arquivo".
    expect((await uploaded(account, flowId, '..')).name).toBe('arquivo');
  });

  it('sweeps only /envios-manuais/<day>/<uuid>/ folders older than the retention', async () => {
    const account = await t.createAccount();
    const ws = account.workspaceId;
    const flowId = await uploadFlow(account);
    const fresh = await uploaded(account, flowId, 'novo.txt');
    const put = (path: string) =>
      storage.writeBytes(ws, path, new Uint8Array([1]), { overwrite: false });
    const oldUpload = `/envios-manuais/2020-01-01/${randomUUID()}/velho.txt`;
    await put(oldUpload);
    const others = [
      '/envios-manuais/leia-me.txt',
      '/envios-manuais/2020-01-01/nao-e-envio/x.txt',
      `/relatorios/2020-01-01/${randomUUID()}/x.txt`,
    ];
    for (const path of others) await put(path);
    const emptied = `/envios-manuais/2020-01-02/${randomUUID()}/y.txt`;
    await put(emptied);

    const day = 86_400_000;
    const retention = createUploadRetention({
      storage,
      workspaces: async () => [ws],
      maxAgeMs: day,
    });
    expect(await retention.sweep()).toBe(2);
    expect(await storage.fileRef(ws, oldUpload)).toBeNull();
    expect(await storage.stat(ws, '/envios-manuais/2020-01-02')).toBeNull();
    for (const path of others) expect(await storage.fileRef(ws, path)).not.toBeNull();
    expect(await storage.fileRef(ws, fresh.path)).not.toBeNull();

    // Two days later, today's upload is past the retention too.
    const later = createUploadRetention({
      storage,
      workspaces: async () => [ws],
      maxAgeMs: day,
      now: () => new Date(Date.now() + 2 * day + 60_000),
    });
    expect(await later.sweep()).toBe(1);
    expect(await storage.fileRef(ws, fresh.path)).toBeNull();
    for (const path of others) expect(await storage.fileRef(ws, path)).not.toBeNull();
  });
});
