import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe } from 'vitest';
import type { ProcessRole } from '../../cluster/cluster.config';
import { createRedisBus } from '../../cluster/redis-bus';
import { createGate } from '../../test/gate-node';
import { useTestApp } from '../../test/test-app';
import {
  createSharedTestDatabase,
  postgresTestUrl,
  type SharedTestDatabase,
} from '../../test/test-database';
import { webhookWaitsContract } from './webhook-waits.contract';

const redisUrl = process.env.PONTE_TEST_REDIS_URL?.trim() || null;
if (!redisUrl || !postgresTestUrl) {
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
describe.skipIf(!redisUrl || !postgresTestUrl)('a webhook waiting across processes', () => {
  const prefix = `ponte-test-${randomUUID()}`;
  let shared: SharedTestDatabase | null = null;
  beforeAll(async () => {
    shared = await createSharedTestDatabase('postgres');
  });
  afterAll(async () => {
    await shared?.dispose();
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });
  const gate = createGate();
  const instance = (role: ProcessRole) =>
    useTestApp('postgres', {
      openDatabase: () => shared!.open(),
      nodes: [gate.node],
      executionConcurrency: 1,
      webhookTimeoutMs: waitMs,
      cluster: {
        role,
        bus: createRedisBus({ url: redisUrl!, prefix }),
        leaseMs: 30_000,
        redis: { url: redisUrl!, prefix },
      },
    });
  const api = instance('api');
  instance('worker');
  webhookWaitsContract(() => ({ t: api, gate, waitMs }));
});
