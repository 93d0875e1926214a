import { describe } from 'vitest';
import type { ProcessRole } from '../../cluster/cluster.config';
import { createGate } from '../../test/gate-node';
import { postgresTestUrl } from '../../test/test-database';
import { webhookWaitsContract } from './webhook-waits.contract';
import { testRedisUrl, useClusterApps } from '../../test/cluster-apps';

if (!testRedisUrl || !postgresTestUrl) {
  console.warn(
    'Webhooks que esperam, entre processos: PONTE_TEST_DATABASE_URL ou PONTE_TEST_REDIS_URL ausente, testes ignorados.',
  );
}

const waitMs = 2_000;

/**
 * The same as in one process, with the webhook served by an API process and the executions run
 * by a worker with one slot, on BullMQ (docs/adr/0064): the API process withdraws the job from
 * Redis and the row from the shared database; the stop reaches the worker over the bus.
 */
describe.skipIf(!testRedisUrl || !postgresTestUrl)('a webhook waiting across processes', () => {
  const cluster = useClusterApps();
  const gate = createGate();
  const instance = (role: ProcessRole) =>
    cluster.instance(role, {
      nodes: [gate.node],
      executionConcurrency: 1,
      webhookTimeoutMs: waitMs,
    });
  const api = instance('api');
  instance('worker');
  webhookWaitsContract(() => ({ t: api, gate, waitMs }));
});
