import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '@ponte/shared/format';
import { messages } from '@ponte/shared/messages';
import {
  jobListSchema,
  queueRestoresSchema,
  queueSchema,
  type QueueRestore,
} from '@ponte/shared/queues.schema';
import { queueLedger } from '../../db/schema';
import { chain, createFlow, executionsOf } from '../../test/flow-fixtures';
import { hasRedisServer, startRedisServer } from '../../test/redis-server';
import { useTestApp } from '../../test/test-app';
import { until } from '../../test/until';
import { createRedisMessageDriver } from './drivers/redis-message-driver';

// A Redis of this file's own: it is flushed here.
const redis = hasRedisServer ? await startRedisServer() : null;
if (!redis)
  console.warn('Redis sem os dados: o programa redis-server está ausente, teste ignorado.');
afterAll(() => redis?.close());

describe.skipIf(!redis)('messages of a Redis that lost its data', () => {
  const t = useTestApp('embedded', {
    queues: {
      sampleDepth: false,
      driver: createRedisMessageDriver({ url: redis?.url ?? 'redis://127.0.0.1:1' }),
      // The reconciliation every 200 ms, over rows older than half a second.
      ledger: { intervalMs: 200, graceMs: 500 },
    },
  });

  it('publishes a pending delayed message again, consumed once, and says so on the page', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const created = await api.post('/api/v1/queues', { name: 'Pedidos', max_per_second: 0 });
    expect(created.statusCode, created.body).toBe(201);
    const queueId = queueSchema.parse(created.json())._id;
    const flowId = await createFlow(
      t,
      account,
      chain(
        { type: 'core_queue_trigger', params: { queue: queueId } },
        { type: 'core_log', params: { label: 'Pedido', message: '{{ msg.payload.pedido }}' } },
      ),
    );
    // Paused, so that nothing consumes the message before Redis loses it.
    expect((await api.post(`/api/v1/queues/control/pause/${queueId}`)).statusCode).toBe(200);
    const job = await api.post(`/api/v1/queues/jobs/new/${queueId}`, {
      message: '{"pedido": 42}',
      delayed: 1,
      delay_in_seconds: 1,
    });
    expect(job.statusCode, job.body).toBe(201);
    const jobId = (job.json() as { _id: string })._id;

    await redis!.flushAll();
    const restoresOf = async () =>
      queueRestoresSchema.parse((await api.get(`/api/v1/queues/${queueId}/restores`)).json()).items;
    const [restore] = await until(
      async () => {
        const items = await restoresOf();
        return items.length > 0 && items;
      },
      'a mensagem voltar para a fila',
      60_000,
    );
    expect(restore).toMatchObject<Partial<QueueRestore>>({ restored: 1 });
    // Another workspace does not see it.
    const stranger = await t.createAccount();
    const foreign = await t.request(stranger.token).get(`/api/v1/queues/${queueId}/restores`);
    expect(foreign.statusCode).toBe(404);
    // Still paused (Redis had forgotten it too), the message back with its id.
    const queue = queueSchema.parse((await api.get(`/api/v1/queues/${queueId}`)).json());
    expect(queue.status).toBe('paused');
    const pending = jobListSchema.parse((await api.get(`/api/v1/queues/jobs/${queueId}`)).json());
    expect(pending.items.map((item) => item._id)).toEqual([jobId]);

    // The monitoring log has the line an alert rule can watch (lines are written in batches).
    const tested = await until(async () => {
      const res = await api.post('/api/v1/alert-rules/test', {
        match_log_type: 'message',
        match_log_content: 'reenfileirada',
        flow_id: flowId,
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { matched: number };
      return body.matched > 0 && body;
    }, 'a linha no log de monitoramento');
    expect(tested).toMatchObject({
      matched: 1,
      items: [{ message: messages.queues.restoredLog('Pedidos', 1), matched: true }],
    });

    expect((await api.post(`/api/v1/queues/control/resume/${queueId}`)).statusCode).toBe(200);
    const [run] = await until(async () => {
      const rows = await executionsOf(t, flowId);
      return rows.some((row) => row.status === 'success') && rows;
    }, 'o flow consumidor rodar');
    expect(run!.triggerMsg).toMatchObject({ payload: { pedido: 42 }, job_id: jobId });
    // Its row ends with it: no later pass can publish it again.
    await until(
      async () =>
        (await t.database.db.select().from(queueLedger).where(eq(queueLedger.queueId, queueId)))
          .length === 0,
      'o registro da mensagem sair',
    );
    expect(await executionsOf(t, flowId)).toHaveLength(1);
    expect(await restoresOf()).toEqual([restore]);
    expect(messages.queues.restored(1, formatDateTime(restore!.at).slice(0, 16))).toMatch(
      /^1 mensagem foi reenfileirada depois que o Redis perdeu os dados, em \d\d\/\d\d\/\d{4} \d\d:\d\d\.$/,
    );
  }, 120_000);
});
