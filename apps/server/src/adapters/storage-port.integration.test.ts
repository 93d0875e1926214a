import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { useTestApp, type TestAccount } from '../test/test-app';
import { chain, createFlow, finished, userLogsOf } from '../test/flow-fixtures';
import { describeEachDriver } from '../test/test-database';
import { testStorage } from '../test/test-storage';

describeEachDriver('storage nodes in flows', (driver) => {
  const root = join(tmpdir(), `ponte-storage-${randomUUID()}`);
  const t = useTestApp(driver, { storage: { rootDir: root } });
  /** The same storage the app uses, as the /api/v1/storage routes read it. */
  const storage = testStorage(root);

  /** Manual Trigger → Gravar arquivo → Ler arquivo → a log line with what was read. */
  const writeThenRead = (account: TestAccount, write: boolean) =>
    createFlow(
      t,
      account,
      chain(
        {
          type: 'core_manual_trigger',
          params: { fields: [{ name: 'mes', label: 'Mês', type: 'text', required: true }] },
        },
        ...(write
          ? [
              {
                type: 'core_storage_write',
                params: {
                  path: '/relatorios/{{ msg.payload.mes }}.json',
                  source: 'json',
                  content: '{{ msg.payload }}',
                },
              },
            ]
          : []),
        {
          type: 'core_storage_read',
          params: { path: '/relatorios/novembro.json', read_as: 'json' },
        },
        { type: 'core_log', params: { label: 'Lido', message: '{{ msg.payload }}' } },
      ),
    );

  const run = async (account: TestAccount, flowId: string) => {
    const res = await t
      .request(account.token)
      .post(`/engine/flow/manual-trigger/${flowId}`, { mes: 'novembro' });
    expect(res.statusCode, res.body).toBe(200);
    const [execution] = await finished(t, flowId);
    return execution!;
  };

  it('writes a file that the workspace storage lists, and reads it back in the same flow', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const flowId = await writeThenRead(account, true);
    const execution = await run(account, flowId);
    expect(execution.status, JSON.stringify(execution.error)).toBe('success');
    const [logged] = await userLogsOf(api, execution.id);
    expect(JSON.parse(logged!.message)).toEqual({ mes: 'novembro' });

    expect(await storage.list(account.workspaceId, '/relatorios')).toEqual([
      {
        name: 'novembro.json',
        path: '/relatorios/novembro.json',
        size: Buffer.byteLength(JSON.stringify({ mes: 'novembro' }, null, 2)),
        isFolder: false,
      },
    ]);
  });

  it("cannot read another workspace's file: its path is simply missing there", async () => {
    const owner = await t.createAccount();
    await run(owner, await writeThenRead(owner, true));
    const stranger = await t.createAccount({ workspaceName: 'Outro' });
    const execution = await run(stranger, await writeThenRead(stranger, false));
    expect(execution.status).toBe('error');
    expect(JSON.stringify(execution.error)).toContain(messages.storage.notFound);
    await expect(storage.list(stranger.workspaceId, '/relatorios')).rejects.toThrow(
      messages.storage.folderNotFound,
    );
  });
});
