import { describe, expect, it } from 'vitest';
import type { ProcessRole } from '../../cluster/cluster.config';
import { createFlow, executionsOf } from '../../test/flow-fixtures';
import { postgresTestUrl } from '../../test/test-database';
import { linesOf, webhookFlow } from './editor-run.fixtures';
import { testRedisUrl, useClusterApps } from '../../test/cluster-apps';

if (!testRedisUrl || !postgresTestUrl) {
  console.warn(
    'Execuções do editor entre processos: PONTE_TEST_DATABASE_URL ou PONTE_TEST_REDIS_URL ausente, testes ignorados.',
  );
}

/**
 * An API process takes the editor's run and a worker runs it, on BullMQ (docs/adr/0064): the
 * job carries the editor's document, which the worker never read from the database.
 */
describe.skipIf(!testRedisUrl || !postgresTestUrl)('editor runs across processes', () => {
  const cluster = useClusterApps();
  const instance = (role: ProcessRole) => cluster.instance(role);
  const api = instance('api');
  instance('worker');

  it("runs the editor's unsaved document in a worker, up to the chosen node", async () => {
    const account = await api.createAccount();
    const flowId = await createFlow(api, account, webhookFlow('v1'));
    const res = await api.request(account.token).post(`/engine/flow/editor-run/${flowId}`, {
      document: webhookFlow('v2'),
      destination: 'codigo',
      trigger: { node_uid: 'gancho', msg: { payload: { nome: 'Ana' } } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { execution_id } = res.json() as { execution_id: string };
    const lines = await linesOf(api, execution_id);
    expect(lines.user).toEqual(['código v2: Ana']);
    expect(lines.finished).toEqual(['gancho', 'codigo']);
    const [row] = await executionsOf(api, flowId);
    expect(row).toMatchObject({ id: execution_id, status: 'success' });
  });
});
