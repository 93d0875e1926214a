import { expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { jobListSchema, queueSchema } from '@ponte/shared/queues.schema';
import type { ExecutionScope } from '@ponte/engine/ports';
import { testSignal } from '@ponte/engine/testing/fake-ports';
import { createEmbeddedMessageDriver } from '../modules/queues/drivers/embedded-message-driver';
import { createQueuesService } from '../modules/queues/queues.service';
import { createVersionsService } from '../modules/versions/versions.service';
import { chain, createFlow } from '../test/flow-fixtures';
import { useTestApp, type TestAccount } from '../test/test-app';
import { describeEachDriver } from '../test/test-database';
import { createQueuesPort } from './queues-port';

const m = messages.queues;

describeEachDriver('queues port', (driver) => {
  const t = useTestApp(driver, { queues: { sampleDepth: false } });
  const api = (account: TestAccount) => t.request(account.token);
  /** The port as the engine gets it, over a service on the app's database. */
  const port = () =>
    createQueuesPort(
      createQueuesService({
        db: t.database.db,
        driver: createEmbeddedMessageDriver(t.database.db),
        now: t.clock.now,
        versions: createVersionsService({
          db: t.database.db,
          now: t.clock.now,
          nameOf: async () => null,
        }),
      }),
    );

  async function setUp() {
    const account = await t.createAccount();
    const created = await api(account).post('/api/v1/queues', { name: 'Pedidos' });
    expect(created.statusCode, created.body).toBe(201);
    const queue = queueSchema.parse(created.json());
    const flowId = await createFlow(
      t,
      account,
      chain(
        { type: 'core_manual_trigger', params: { fields: [] } },
        { type: 'core_log', params: { label: 'Publicado', message: 'ok' } },
      ),
    );
    const scope: ExecutionScope = { workspaceId: account.workspaceId, flowId, executionId: 'e1' };
    return { account, queue, scope };
  }

  const pending = async (account: TestAccount, queueId: string) =>
    jobListSchema.parse((await api(account).get(`/api/v1/queues/jobs/${queueId}`)).json());

  it('publishes by name or id with the flow as publisher, and delays when told', async () => {
    const { account, queue, scope } = await setUp();
    const byName = await port().publish(
      scope,
      { queue: 'pedidos', message: { pedido: 1 } },
      testSignal,
    );
    expect(byName.queue).toEqual({ _id: queue._id, name: 'Pedidos' });
    const byId = await port().publish(
      scope,
      {
        queue: queue._id,
        message: 'mais tarde',
        delaySeconds: 120,
      },
      testSignal,
    );
    const jobs = await pending(account, queue._id);
    expect(jobs.items.map((job) => [job._id, job.publisher, job.delayed, job.state])).toEqual([
      [byName.job_id, 'Flow de teste', false, 'waiting'],
      [byId.job_id, 'Flow de teste', true, 'delayed'],
    ]);
    expect(Date.parse(byId.run_at) - Date.parse(byName.run_at)).toBeGreaterThanOrEqual(119_000);
  });

  it('refuses a duplicate key still waiting, and another workspace queue', async () => {
    const { account, queue, scope } = await setUp();
    await port().publish(scope, { queue: queue._id, message: 1, dedupKey: 'pedido-7' }, testSignal);
    await expect(
      port().publish(scope, { queue: queue._id, message: 2, dedupKey: 'pedido-7' }, testSignal),
    ).rejects.toThrow(m.duplicate('pedido-7'));
    await expect(
      port().publish(scope, { queue: queue._id, message: 'x'.repeat(1024 * 1024 + 1) }, testSignal),
    ).rejects.toThrow(m.messageTooLarge);
    expect((await pending(account, queue._id)).total).toBe(1);

    const other = await setUp();
    await expect(
      port().publish(other.scope, { queue: queue._id, message: 'x' }, testSignal),
    ).rejects.toThrow(m.notFound);
    // By name the other workspace finds its own 'Pedidos', never this one.
    const own = await port().publish(
      other.scope,
      { queue: 'Pedidos', message: 'dele' },
      testSignal,
    );
    expect(own.queue._id).toBe(other.queue._id);
    expect((await pending(account, queue._id)).items.map((job) => job.message)).toEqual([1]);
  });
});
