import { describe, expect, it } from 'vitest';
import type { WaitingExecution } from '@ponte/shared/monitoring.schema';
import { chain, createFlow } from '../../test/flow-fixtures';
import { testRedisUrl, useClusterApps } from '../../test/cluster-apps';
import { postgresTestUrl } from '../../test/test-database';
import { until } from '../../test/until';

if (!testRedisUrl || !postgresTestUrl) {
  console.warn(
    'Execuções sem worker: PONTE_TEST_DATABASE_URL ou PONTE_TEST_REDIS_URL ausente, testes ignorados.',
  );
}

/**
 * A deployment whose workers are all down: only an API process (PONTE_ROLE=api) on PostgreSQL
 * and Redis. What it queues cannot run, and the monitoring says why (docs/adr/0111).
 */
describe.skipIf(!testRedisUrl || !postgresTestUrl)('executions with no worker alive', () => {
  const cluster = useClusterApps();
  const api = cluster.instance('api');

  it("shows a queued execution as 'Aguardando um worker'", async () => {
    const account = await api.createAccount();
    const flowId = await createFlow(
      api,
      account,
      chain(
        { type: 'core_manual_trigger' },
        { type: 'core_log', params: { label: 'a', message: 'b' } },
      ),
    );
    const started = await api
      .request(account.token)
      .post(`/engine/flow/manual-trigger/${flowId}`, {});
    expect(started.statusCode, started.body).toBe(200);
    const [item] = await until(async () => {
      const res = await api.request(account.token).get('/api/v1/monitoring/executions/waiting');
      const items = (res.json() as { items: WaitingExecution[] }).items;
      return items.length > 0 && items;
    }, 'a execução na fila');
    expect(item).toMatchObject({
      flow_id: flowId,
      status: 'queued',
      run_now: false,
      reason: {
        kind: 'worker',
        text: 'Aguardando um worker: nenhum processo que executa flows está ativo.',
      },
    });
  });
});
