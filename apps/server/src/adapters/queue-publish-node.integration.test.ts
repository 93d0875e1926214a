import { expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { jobListSchema, queueSchema } from '@ponte/shared/queues.schema';
import { useTestApp, type TestAccount } from '../test/test-app';
import { chain, createFlow, finished, userLogsOf } from '../test/flow-fixtures';
import { describeEachDriver } from '../test/test-database';

const m = messages.queues;

describeEachDriver('the publish node in flows', (driver) => {
  const t = useTestApp(driver, { queues: { sampleDepth: false } });

  /** A paused queue: what is published stays listed as pending. */
  async function pausedQueue(account: TestAccount, name: string) {
    const api = t.request(account.token);
    const queue = queueSchema.parse((await api.post('/api/v1/queues', { name })).json());
    await api.post(`/api/v1/queues/control/pause/${queue._id}`);
    return queue;
  }

  /** Manual Trigger (pedido) → Publicar na fila → a log line with what the node put out. */
  const publisher = (account: TestAccount, queue: string) =>
    createFlow(
      t,
      account,
      chain(
        {
          type: 'core_manual_trigger',
          params: { fields: [{ name: 'pedido', label: 'Pedido', type: 'text', required: true }] },
        },
        {
          type: 'core_queue_publish',
          params: { queue, delay: 60, dedup_key: 'pedido-{{ msg.payload.pedido }}' },
        },
        { type: 'core_log', params: { label: 'Publicado', message: '{{ msg.payload }}' } },
      ),
    );

  const run = async (account: TestAccount, flowId: string, count: number) => {
    const res = await t
      .request(account.token)
      .post(`/engine/flow/manual-trigger/${flowId}`, { pedido: '7' });
    expect(res.statusCode, res.body).toBe(200);
    return finished(t, flowId, count);
  };

  it('publishes the message with its delay, the flow as publisher, and refuses a duplicate key', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const queue = await pausedQueue(account, 'Pedidos');
    const flowId = await publisher(account, queue._id);

    const [first] = await run(account, flowId, 1);
    expect(first!.status, JSON.stringify(first!.error)).toBe('success');
    const jobs = jobListSchema.parse((await api.get(`/api/v1/queues/jobs/${queue._id}`)).json());
    expect(jobs.total).toBe(1);
    const [job] = jobs.items;
    expect(job).toMatchObject({
      message: { pedido: '7' },
      publisher: 'Flow de teste',
      delayed: true,
      delay_in_seconds: 60,
    });
    const [logged] = await userLogsOf(api, first!.id);
    expect(JSON.parse(logged!.message)).toEqual({
      job_id: job!._id,
      queue: { _id: queue._id, name: 'Pedidos' },
      run_at: job!.run_at,
    });

    const second = (await run(account, flowId, 2)).find((row) => row.id !== first!.id)!;
    expect(second.status).toBe('error');
    expect(JSON.stringify(second.error)).toContain(
      JSON.stringify(m.duplicate('pedido-7')).slice(1, -1),
    );
    const after = jobListSchema.parse((await api.get(`/api/v1/queues/jobs/${queue._id}`)).json());
    expect(after.total).toBe(1);
  });

  it("cannot publish into another workspace's queue: it is simply not found", async () => {
    const owner = await t.createAccount();
    const other = await t.createAccount();
    const queue = await pausedQueue(owner, 'Alheia');
    const flowId = await publisher(other, queue._id);
    const [execution] = await run(other, flowId, 1);
    expect(execution!.status).toBe('error');
    expect(JSON.stringify(execution!.error)).toContain(m.notFound);
    const jobs = await t.request(owner.token).get(`/api/v1/queues/jobs/${queue._id}`);
    expect(jobListSchema.parse(jobs.json()).total).toBe(0);
  });
});
