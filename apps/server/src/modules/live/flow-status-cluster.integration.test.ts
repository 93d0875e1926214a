import { beforeAll, describe, expect, it } from 'vitest';
import type { FlowStatusEvent } from '@ponte/shared/execution-data.schema';
import { liveRooms, liveServerEvents } from '@ponte/shared/live.schema';
import type { ProcessRole } from '../../cluster/cluster.config';
import { chain, createFlow, finished } from '../../test/flow-fixtures';
import { connectLive, joinLive, listenOnFreePort, recordLive } from '../../test/live-client';
import { postgresTestUrl } from '../../test/test-database';
import { until } from '../../test/until';
import { testRedisUrl, useClusterApps } from '../../test/cluster-apps';

/**
 * An API process holds the page's socket, a worker process runs the execution: the worker learns
 * the flow is watched and its node states reach the page through Redis (docs/adr/0089).
 */
describe.skipIf(!testRedisUrl || !postgresTestUrl)('live node status across processes', () => {
  const cluster = useClusterApps();
  const instance = (role: ProcessRole) => cluster.instance(role);
  const api = instance('api');
  // Runs the executions: the API process only enqueues them.
  instance('worker');
  let url = '';
  beforeAll(async () => {
    url = await listenOnFreePort(api.app);
  });

  it('shows on a page of the API process the nodes a worker runs', async () => {
    const account = await api.createAccount();
    const flowId = await createFlow(
      api,
      account,
      chain(
        { type: 'core_webhook_trigger', uid: 'gancho', params: { method: 'POST', path: 'pedido' } },
        { type: 'core_delay', uid: 'espera', params: { amount: 800, unit: 'ms' } },
        { type: 'core_log', uid: 'registro', params: { label: 'Fim', message: 'ok' } },
      ),
    );
    const socket = await connectLive(url, account.token);
    try {
      const received = recordLive<FlowStatusEvent>(socket, liveServerEvents.flowStatus);
      expect(await joinLive(socket, liveRooms.flowStatus(flowId))).toEqual({ ok: true });

      // Right after the join: the worker heard it on the bus, no wait for its next read.
      const res = await api.app.inject({ method: 'POST', url: `/engine/webhook/${flowId}/pedido` });
      expect(res.statusCode, res.body).toBeLessThan(300);
      const [row] = await finished(api, flowId);
      await until(() => received.some((event) => event.finished), 'o fim vindo do worker');
      expect(received.some((event) => event.nodes.some((n) => n.state === 'running'))).toBe(true);
      expect(received.filter((event) => event.finished)).toHaveLength(1);
      expect(received.at(-1)).toEqual({
        execution_id: row!.id,
        mode: 'production',
        finished: 'success',
        nodes: [
          { node_uid: 'gancho', state: 'success', items: 1 },
          { node_uid: 'espera', state: 'success', items: 1 },
          { node_uid: 'registro', state: 'success', items: 1 },
        ],
      });
    } finally {
      socket.close();
    }
  });
});
