import { describe, expect, it } from 'vitest';
import {
  approvalFlow,
  decide,
  lineOf,
  runUntilWaiting,
  statusOf,
} from '../../test/approval-wait-flow';
import { testRedisUrl, useClusterApps } from '../../test/cluster-apps';
import { createFlow } from '../../test/flow-fixtures';
import { postgresTestUrl } from '../../test/test-database';
import { until } from '../../test/until';

if (!testRedisUrl || !postgresTestUrl) {
  console.warn(
    "'Aguardar aprovação' entre processos: PONTE_TEST_DATABASE_URL ou PONTE_TEST_REDIS_URL ausente, testes ignorados.",
  );
}

/**
 * A deployment on PostgreSQL and Redis: the API process serves the links and takes the answers,
 * a worker runs the execution before and after the wait, on BullMQ (docs/adr/0064, 0115).
 */
describe.skipIf(!testRedisUrl || !postgresTestUrl)("'Aguardar aprovação' across processes", () => {
  const cluster = useClusterApps();
  const api = cluster.instance('api');
  cluster.instance('worker');

  it('waits on the worker, takes the answers on the API process, and the worker goes on', async () => {
    const account = await api.createAccount();
    const flowId = await createFlow(api, account, approvalFlow('all'));
    const links = await runUntilWaiting(api, account, flowId);
    const first = await decide(api, links['ana@empresa.com.br'], {
      decision: 'approve',
      fields: { 'Centro de custo': 'TI' },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(await statusOf(api, flowId)).toBe('waiting');
    const last = await decide(api, links.Bia, {
      decision: 'approve',
      fields: { 'Centro de custo': 'Vendas' },
    });
    expect(last.statusCode, last.body).toBe(200);
    await until(async () => (await statusOf(api, flowId)) === 'success', 'o worker continuar');
    expect(await lineOf(api, flowId, 'Aprovado')).toEqual(['Vendas 2']);
  });
});
