import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { queueSchema, type Queue } from '@ponte/shared/queues.schema';
import { chain, executionsOf } from '../../test/flow-fixtures';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { until } from '../../test/until';
import { createRedisMessageDriver } from './drivers/redis-message-driver';

type TestApp = ReturnType<typeof useTestApp>;

/** A queue and its consumer flow through the API, on whichever message driver the app has. */
function consumesUntilDisabled(t: TestApp) {
  const api = (account: TestAccount) => t.request(account.token);
  const queueOf = async (account: TestAccount, id: string) =>
    queueSchema.parse((await api(account).get(`/api/v1/queues/${id}`)).json());

  it('a flow saved with a queue trigger consumes the queue until it is disabled', async () => {
    const account = await t.createAccount();
    const created = await api(account).post('/api/v1/queues', {
      name: 'Pedidos',
      max_per_second: 0,
    });
    expect(created.statusCode, created.body).toBe(201);
    const queue: Queue = queueSchema.parse(created.json());
    const data = chain(
      { type: 'core_queue_trigger', params: { queue: queue._id } },
      { type: 'core_log', params: { label: 'pedido', message: 'recebido' } },
    );
    const flow = await api(account).post('/api/v1/flows', {
      name: 'Consumidor de pedidos',
      enabled: true,
      data,
    });
    expect(flow.statusCode, flow.body).toBe(201);
    const flowId = (flow.json() as { _id: string })._id;
    expect((await queueOf(account, queue._id)).flow_id).toEqual({
      _id: flowId,
      name: 'Consumidor de pedidos',
    });

    const job = await api(account).post(`/api/v1/queues/jobs/new/${queue._id}`, {
      message: '{"pedido": 7}',
      delayed: 0,
    });
    expect(job.statusCode, job.body).toBe(201);
    const jobId = (job.json() as { _id: string })._id;
    await until(
      async () => (await queueOf(account, queue._id)).queue_status.completed === 1,
      'a mensagem consumida',
    );
    const [execution] = await executionsOf(t, flowId);
    expect(execution).toMatchObject({ status: 'success' });
    expect(execution!.triggerMsg).toMatchObject({
      payload: { pedido: 7 },
      queue: { _id: queue._id, name: 'Pedidos' },
      job_id: jobId,
    });

    const disabled = await api(account).put(`/api/v1/flows/${flowId}`, { enabled: false });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await queueOf(account, queue._id)).flow_id).toBeNull();
  });
}

describeEachDriver('queue consumers in the app', (driver) => {
  consumesUntilDisabled(useTestApp(driver, { queues: { sampleDepth: false } }));
});

const redisUrl = process.env.PONTE_TEST_REDIS_URL;
if (!redisUrl)
  console.warn('Filas no Redis pelo app: PONTE_TEST_REDIS_URL ausente, teste ignorado.');

describe.skipIf(!redisUrl)('queue consumers in the app, messages in Redis', () => {
  // Its own key prefix, deleted at the end.
  const prefix = `ponte-teste-app-${randomUUID()}`;
  afterAll(async () => {
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });
  consumesUntilDisabled(
    useTestApp('embedded', {
      queues: {
        sampleDepth: false,
        driver: redisUrl ? createRedisMessageDriver({ url: redisUrl, prefix }) : undefined,
      },
    }),
  );
});
