import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { executionData } from '../../db/schema';
import { openPostgres } from '../../db/client';
import { createFlow, executionsOf, userLogsOf, chain } from '../../test/flow-fixtures';
import { createGate } from '../../test/gate-node';
import { createSecondRunner } from '../../test/second-runner';
import { startTcpProxy } from '../../test/tcp-proxy';
import { useTestApp, type TestAccount } from '../../test/test-app';
import {
  createSharedTestDatabase,
  postgresTestUrl,
  type SharedTestDatabase,
} from '../../test/test-database';
import { until } from '../../test/until';

const describePostgres = postgresTestUrl ? describe : describe.skip;

describePostgres(
  'executions through a PostgreSQL outage (defina PONTE_TEST_DATABASE_URL para rodar)',
  () => {
    const gate = createGate();
    let shared: SharedTestDatabase | null = null;
    let proxy: Awaited<ReturnType<typeof startTcpProxy>> | null = null;
    let proxyUrl = '';
    // Registered before the app: runs after the app and its database handle are closed.
    afterAll(async () => {
      await proxy?.close();
      await shared?.dispose();
    });
    const t = useTestApp('postgres', {
      nodes: [gate.node],
      openDatabase: async () => {
        shared = await createSharedTestDatabase('postgres');
        const direct = new URL(shared.location);
        proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
        const through = new URL(shared.location);
        through.host = `127.0.0.1:${proxy.port}`;
        proxyUrl = through.toString();
        return openPostgres(proxyUrl);
      },
    });

    /** webhook → log "antes" → gate → log "depois" (→ a failing code node). */
    const gatedFlow = (account: TestAccount, fails: boolean) =>
      createFlow(
        t,
        account,
        chain(
          { type: 'core_webhook_trigger', params: { method: 'POST', path: 'queda' } },
          { type: 'core_log', params: { label: 'antes', message: 'antes da queda' } },
          { type: 'test_gate' },
          { type: 'core_log', params: { label: 'depois', message: 'depois da queda' } },
          ...(fails
            ? [{ type: 'core_code', params: { code: 'throw new Error("falhou no fim");' } }]
            : []),
        ),
      );

    it('writes the ends and log lines recorded while the database was away once it is back', async () => {
      gate.reset();
      const account = await t.createAccount();
      const flows = [await gatedFlow(account, false), await gatedFlow(account, true)];
      const ids: string[] = [];
      for (const flowId of flows) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/engine/webhook/${flowId}/queda`,
          payload: {},
        });
        expect(res.statusCode, res.body).toBe(202);
        ids.push((res.json() as { execution_id: string }).execution_id);
      }
      await until(() => gate.entered() === 2, 'as duas execuções no portão');

      // The database goes away; the flows end; the end and the logs are written to nowhere.
      proxy!.cut();
      gate.open();
      await until(() => proxy!.refused() >= 2, 'as tentativas de gravar com o banco fora');
      proxy!.restore();

      const ended = await until(async () => {
        const rows = (await Promise.all(flows.map((flowId) => executionsOf(t, flowId)))).flat();
        return rows.every((row) => row.status !== 'running') && rows;
      }, 'as execuções terminadas depois da volta do banco');
      const byId = new Map(ended.map((row) => [row.id, row]));
      expect(byId.get(ids[0]!)).toMatchObject({ status: 'success', steps: 4 });
      expect(byId.get(ids[1]!)).toMatchObject({ status: 'error' });
      expect(byId.get(ids[1]!)?.error?.message).toContain('falhou no fim');

      // Each node's data went with its end, in the same retried batch.
      for (const id of ids) {
        const [kept] = await t.database.db
          .select({ summaries: executionData.summaries })
          .from(executionData)
          .where(eq(executionData.executionId, id));
        expect(kept!.summaries.map((node) => node.node_uid).sort()).toEqual(
          id === ids[0] ? ['n0', 'n1', 'n2', 'n3'] : ['n0', 'n1', 'n2', 'n3', 'n4'],
        );
        expect(byId.get(id)).toMatchObject({ dataKept: true, flowHash: expect.any(String) });
      }

      for (const id of ids) {
        const lines = await until(async () => {
          const found = await userLogsOf(t.request(account.token), id);
          return found.length >= 2 && found;
        }, `os dois logs da execução ${id}`);
        expect(lines.map((line) => line.label).sort()).toEqual(['antes', 'depois']);
      }
    });

    it('gives up the ends at close while the database is away; the next start marks them crashed', async () => {
      gate.reset();
      const account = await t.createAccount();
      const flowId = await gatedFlow(account, false);
      // Another process on the same database, through the same proxy.
      const handle = await openPostgres(proxyUrl);
      const dying = createSecondRunner(handle.db, { nodes: [gate.node], concurrency: 2 });
      await dying.runner.start();
      const { execution_id } = await dying.runner.enqueue({
        workspaceId: account.workspaceId,
        flowId,
        triggerNodeUid: 'n0',
        msg: { payload: {} },
      });
      await until(() => gate.entered() === 1, 'a execução no portão');
      proxy!.cut();
      gate.open();
      await until(() => proxy!.refused() >= 1, 'a tentativa de gravar o fim');
      // Stops while the database is still away: closing does not wait for it forever.
      await dying.close(200);
      proxy!.restore();
      await handle.close();

      expect((await executionsOf(t, flowId))[0]).toMatchObject({
        id: execution_id,
        status: 'running',
      });
      const next = createSecondRunner(t.database.db, { nodes: [gate.node] });
      try {
        const crashed = await next.runner.start();
        expect(crashed.map((row) => row.id)).toContain(execution_id);
      } finally {
        await next.close();
      }
      const [row] = await executionsOf(t, flowId);
      expect(row).toMatchObject({ status: 'crashed' });
    });

    it('closes during an outage while a flow waits for the flow it called, without an unhandled failure', async () => {
      gate.reset();
      const account = await t.createAccount();
      const callee = await createFlow(
        t,
        account,
        chain({ type: 'core_flow_trigger' }, { type: 'test_gate' }),
      );
      const caller = await createFlow(
        t,
        account,
        chain(
          { type: 'core_webhook_trigger', params: { method: 'POST', path: 'chama' } },
          { type: 'core_execute_flow', params: { flow: callee, wait: true } },
        ),
      );
      const handle = await openPostgres(proxyUrl);
      const dying = createSecondRunner(handle.db, { nodes: [gate.node], concurrency: 4 });
      await dying.runner.start();
      await dying.runner.enqueue({
        workspaceId: account.workspaceId,
        flowId: caller,
        triggerNodeUid: 'n0',
        msg: { payload: {} },
      });
      await until(() => gate.entered() === 1, 'o flow chamado no portão');
      proxy!.cut();
      // Closing stops both executions: the caller's wait is aborted while the database is away.
      await dying.close(50);
      proxy!.restore();
      await handle.close();
      const rows = [...(await executionsOf(t, caller)), ...(await executionsOf(t, callee))];
      expect(rows.map((row) => row.status)).toEqual(['running', 'running']);
    });
  },
);
