import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { queueSchema } from '@ponte/shared/queues.schema';
import { createLocalBus } from '../../cluster/cluster-bus';
import { executions, queueLedger } from '../../db/schema';
import { chain, createFlow } from '../../test/flow-fixtures';
import { hasRedisServer, startRedisServer } from '../../test/redis-server';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { until } from '../../test/until';
import { createRedisMessageDriver } from './drivers/redis-message-driver';

// A Redis of this file's own: it is stopped, hung and made to refuse writes here.
const redis = hasRedisServer ? await startRedisServer() : null;
if (!redis)
  console.warn('Redis fora do ar: o programa redis-server está ausente, testes ignorados.');
afterAll(() => redis?.close());

const url = redis?.url ?? 'redis://127.0.0.1:1';
const webhookFlow = chain(
  { type: 'core_webhook_trigger', params: { method: 'POST', path: 'pedidos' } },
  { type: 'core_log', params: { label: 'Pedido', message: 'recebido' } },
);

/** The answer of a request Redis could not serve: 503, the pt-BR reason, Retry-After. */
function expectRedisRefusal(res: LightMyRequestResponse, reason: 'down' | 'writes' = 'down') {
  expect(res.statusCode, res.body).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  expect(res.json()).toEqual({
    statusCode: 503,
    code: 'redis_unavailable',
    message:
      reason === 'down' ? messages.generic.redisUnavailable : messages.generic.redisRefusingWrites,
  });
}

describe.skipIf(!redis)('requests while Redis misbehaves (queues and executions on Redis)', () => {
  const t = useTestApp('embedded', {
    queues: {
      sampleDepth: false,
      driver: createRedisMessageDriver({ url, prefix: 'ponte', commandTimeoutMs: 2_000 }),
    },
    cluster: {
      role: 'all',
      bus: createLocalBus(),
      leaseMs: 30_000,
      redis: { url, prefix: 'ponte' },
    },
  });

  afterEach(() => redis?.recover());

  /** An account with a queue and an enabled webhook flow, made while Redis is up. */
  async function setUp() {
    const account = await t.createAccount();
    const created = await t.request(account.token).post('/api/v1/queues', { name: 'Pedidos' });
    expect(created.statusCode, created.body).toBe(201);
    const queueId = queueSchema.parse(created.json())._id;
    const flowId = await createFlow(t, account, webhookFlow);
    return { account, queueId, flowId };
  }
  const publish = (account: TestAccount, queueId: string) =>
    t.request(account.token).post(`/api/v1/queues/jobs/new/${queueId}`, { message: '{"n": 1}' });
  const webhook = (flowId: string) =>
    t.app.inject({ method: 'POST', url: `/engine/webhook/${flowId}/pedidos`, payload: {} });
  /** Every route of a queue that reads or writes Redis. */
  const queueRoutes = (account: TestAccount, queueId: string) => {
    const api = t.request(account.token);
    return [
      () => publish(account, queueId),
      () => api.post(`/api/v1/queues/control/pause/${queueId}`),
      () => api.post(`/api/v1/queues/control/resume/${queueId}`),
      () => api.post(`/api/v1/queues/control/clean/${queueId}`),
      () => api.post(`/api/v1/queues/jobs/retry/${queueId}/a0000000-0000-4000-8000-000000000000`),
      () => api.get(`/api/v1/queues/jobs/${queueId}`),
      () => api.get(`/api/v1/queues/${queueId}`),
      () => api.get('/api/v1/queues'),
    ];
  };
  /** Within a minute of Redis coming back, a publish is accepted again. */
  const publishesAgain = (account: TestAccount, queueId: string) =>
    until(
      async () => (await publish(account, queueId)).statusCode === 201,
      'publicar de novo com o Redis de volta',
      60_000,
    );

  it('answers 503 at once while Redis is stopped, and works again once it is back', async () => {
    const { account, queueId, flowId } = await setUp();
    expect((await publish(account, queueId)).statusCode).toBe(201);

    await redis!.kill();
    for (const route of queueRoutes(account, queueId)) expectRedisRefusal(await route());
    expectRedisRefusal(await webhook(flowId));
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/account/v1/authenticate',
      payload: { email: account.email, password: account.password },
    });
    expectRedisRefusal(signIn);
    // The webhook's execution did not enter the queue: its row says so, it is not left queued.
    const [refused] = await until(async () => {
      const rows = await t.database.db
        .select()
        .from(executions)
        .where(eq(executions.flowId, flowId));
      return rows.length > 0 && rows.every((row) => row.status === 'error') && rows;
    }, 'a execução recusada terminar');
    expect(refused!.error).toEqual({ message: messages.engine.notQueuedRedis });

    await redis!.restart();
    await publishesAgain(account, queueId);
    const paused = await t.request(account.token).post(`/api/v1/queues/control/pause/${queueId}`);
    expect(paused.statusCode, paused.body).toBe(200);
    expect((await webhook(flowId)).statusCode).toBe(202);
  }, 120_000);

  it('answers 503 when Redis hangs, instead of hanging with it', async () => {
    const { account, queueId, flowId } = await setUp();
    redis!.freeze();
    try {
      expectRedisRefusal(await publish(account, queueId));
      expectRedisRefusal(
        await t.request(account.token).post(`/api/v1/queues/control/pause/${queueId}`),
      );
      expectRedisRefusal(await webhook(flowId));
    } finally {
      redis!.thaw();
    }
    await publishesAgain(account, queueId);
  }, 120_000);

  it('answers 503 saying Redis refuses writes, and keeps no trace of what it refused', async () => {
    const { account, queueId, flowId } = await setUp();
    for (const how of ['misconf', 'noreplicas'] as const) {
      await redis!.refuseWrites(how);
      try {
        expectRedisRefusal(await publish(account, queueId), 'writes');
        expectRedisRefusal(
          await t.request(account.token).post(`/api/v1/queues/control/pause/${queueId}`),
          'writes',
        );
        expectRedisRefusal(await webhook(flowId), 'writes');
      } finally {
        await redis!.acceptWrites();
      }
    }
    const ledger = await t.database.db
      .select()
      .from(queueLedger)
      .where(eq(queueLedger.queueId, queueId));
    expect(ledger).toEqual([]);
    expect((await publish(account, queueId)).statusCode).toBe(201);
  }, 120_000);
});
