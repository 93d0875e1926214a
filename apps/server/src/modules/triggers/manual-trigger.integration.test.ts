import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { logs } from '../../db/schema';
import { createLocalStorageDriver } from '../storage/local-driver';
import { useTestApp } from '../../test/test-app';
import { testStorage } from '../../test/test-storage';
import { chain, createFlow, executionsOf, finished, userLogsOf } from '../../test/flow-fixtures';
import { until } from '../../test/until';
import { describeEachDriver } from '../../test/test-database';

const m = messages.engine;

describeEachDriver('manual trigger', (driver) => {
  const storageRoot = join(tmpdir(), `ponte-storage-${randomUUID()}`);
  const t = useTestApp(driver, { storage: { driver: createLocalStorageDriver(storageRoot) } });

  it('runs a manual flow whose log line appears in the logs API', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const flowId = await createFlow(
      t,
      account,
      chain(
        {
          type: 'core_manual_trigger',
          params: {
            description: 'Informe o cliente',
            fields: [{ name: 'cliente', label: 'Cliente', type: 'text', required: true }],
          },
        },
        {
          type: 'core_log',
          params: { label: 'Cliente', message: 'Olá, {{ msg.payload.cliente }}' },
        },
      ),
    );
    const form = await api.get(`/engine/flow/manual-trigger/${flowId}`);
    expect(form.statusCode).toBe(200);
    expect(form.json()).toEqual({
      success: true,
      form_description: 'Informe o cliente',
      form_fields: [{ name: 'cliente', label: 'Cliente', type: 'text', required: true }],
    });

    const missing = await api.post(`/engine/flow/manual-trigger/${flowId}`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('Cliente');
    expect(await executionsOf(t, flowId)).toHaveLength(0);

    const run = await api.post(`/engine/flow/manual-trigger/${flowId}`, { cliente: 'Maria' });
    expect(run.statusCode, run.body).toBe(200);
    const { execution_id } = run.json() as { execution_id: string };
    await finished(t, flowId);
    const logs = await userLogsOf(api, execution_id);
    expect(logs).toEqual([expect.objectContaining({ label: 'Cliente', message: 'Olá, Maria' })]);
  });

  it('takes manual-trigger files as multipart and passes their metadata', async () => {
    const account = await t.createAccount();
    const flowId = await createFlow(
      t,
      account,
      chain(
        {
          type: 'core_manual_trigger',
          params: {
            fields: [
              { name: 'nota', label: 'Nota fiscal', type: 'upload', required: true },
              { name: 'obs', label: 'Observação', type: 'textarea', required: false },
            ],
          },
        },
        {
          type: 'core_log',
          params: {
            label: 'Arquivo',
            message:
              '{{ msg.payload.nota.name }} {{ msg.payload.nota.size }} {{ msg.payload.obs }}',
          },
        },
      ),
    );
    const boundary = '----ponte-teste';
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="obs"',
      '',
      'urgente',
      `--${boundary}`,
      'Content-Disposition: form-data; name="nota"; filename="nota 1.xml"',
      'Content-Type: application/xml',
      '',
      '<nota>1</nota>',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const res = await t.app.inject({
      method: 'POST',
      url: `/engine/flow/manual-trigger/${flowId}`,
      headers: {
        authorization: `Bearer ${account.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [execution] = await finished(t, flowId);
    expect(execution!.status).toBe('success');
    const logs = await userLogsOf(t.request(account.token), execution!.id);
    expect(logs[0]!.message).toBe('nota 1.xml 14 urgente');
  });

  it('hands the flow a storage reference to an uploaded file, never a server path', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const flowId = await createFlow(
      t,
      account,
      chain(
        {
          type: 'core_manual_trigger',
          params: { fields: [{ name: 'nota', label: 'Nota', type: 'upload', required: true }] },
        },
        { type: 'core_log', params: { label: 'Arquivo', message: '{{ msg.payload.nota }}' } },
        {
          type: 'core_storage_read',
          params: { path: '{{ msg.payload.nota }}', read_as: 'base64' },
        },
        { type: 'core_log', params: { label: 'Lido', message: '{{ msg.payload }}' } },
        { type: 'core_storage_read', params: { path: '/envios-manuais/falta.xml' } },
      ),
    );
    const boundary = '----ponte-ref';
    const res = await t.app.inject({
      method: 'POST',
      url: `/engine/flow/manual-trigger/${flowId}`,
      headers: {
        authorization: `Bearer ${account.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: [
        `--${boundary}`,
        'Content-Disposition: form-data; name="nota"; filename="nota.xml"',
        'Content-Type: application/xml',
        '',
        '<nota>7</nota>',
        `--${boundary}--`,
        '',
      ].join('\r\n'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [execution] = await finished(t, flowId);
    const file = (execution!.triggerMsg as { payload: { nota: Record<string, unknown> } }).payload
      .nota;
    expect(file).toEqual({
      path: expect.stringMatching(
        /^\/envios-manuais\/\d{4}-\d{2}-\d{2}\/[0-9a-f-]{36}\/nota\.xml$/,
      ),
      name: 'nota.xml',
      mimetype: 'application/xml',
      size: 14,
    });
    // The flow reads it back from the workspace's storage.
    const read = await testStorage(storageRoot).readBytes(
      account.workspaceId,
      file.path as string,
      100,
    );
    expect(Buffer.from(read.content).toString('utf8')).toBe('<nota>7</nota>');
    // The two lines may be stored in two batches: wait for both.
    const lines = await until(async () => {
      const stored = await userLogsOf(api, execution!.id);
      return stored.length >= 2 && stored;
    }, 'as duas linhas do usuário');
    const logged = lines.find((line) => line.label === 'Arquivo');
    const content = lines.find((line) => line.label === 'Lido');
    expect(JSON.parse(logged!.message)).toEqual(file);
    expect(JSON.parse(content!.message)).toMatchObject({
      filename: 'nota.xml',
      content: Buffer.from('<nota>7</nota>').toString('base64'),
    });
    // The last node fails: its error names the logical path only.
    expect(execution!.status).toBe('error');
    expect(execution!.error?.message).toBe(messages.storage.notFound);

    // Nothing the execution kept or answered names a place of the server.
    const stored = await t.database.db
      .select()
      .from(logs)
      .where(eq(logs.executionId, execution!.id));
    for (const text of [
      res.body,
      JSON.stringify(execution),
      JSON.stringify(stored),
      (await api.get(`/api/v1/executions/${execution!.id}`)).body,
    ]) {
      expect(text).not.toContain(storageRoot);
      expect(text).not.toContain(tmpdir());
    }
    expect(stored.length).toBeGreaterThan(0);
  });

  it('refuses manual triggers of disabled flows, flows without one, and other workspaces', async () => {
    const owner = await t.createAccount();
    const stranger = await t.createAccount({ workspaceName: 'Outro' });
    const manual = chain(
      { type: 'core_manual_trigger' },
      { type: 'core_log', params: { label: 'L', message: 'x' } },
    );
    const disabled = await createFlow(t, owner, manual, false);
    const enabled = await createFlow(t, owner, manual);
    const webhookOnly = await createFlow(
      t,
      owner,
      chain({ type: 'core_webhook_trigger', params: { method: 'POST', path: 'pedidos/novo' } }),
    );
    const api = t.request(owner.token);

    const off = await api.post(`/engine/flow/manual-trigger/${disabled}`, {});
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toBe(m.flowDisabled);
    const none = await api.get(`/engine/flow/manual-trigger/${webhookOnly}`);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(m.noManualTrigger);

    const other = t.request(stranger.token);
    expect((await other.get(`/engine/flow/manual-trigger/${enabled}`)).statusCode).toBe(404);
    expect((await other.post(`/engine/flow/manual-trigger/${enabled}`, {})).statusCode).toBe(404);
    expect(
      (await t.request(null).post(`/engine/flow/manual-trigger/${enabled}`, {})).statusCode,
    ).toBe(401);
    expect(await executionsOf(t, enabled)).toHaveLength(0);
  });
});
