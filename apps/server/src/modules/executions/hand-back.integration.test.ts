import { and, eq } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { queueJobs } from '../../db/schema';
import { createTestNodes } from '@ponte/engine/testing/test-nodes';
import { flowDocumentSchema } from '@ponte/shared/flow/flow-document.schema';
import { createLocalBus } from '../../cluster/cluster-bus';
import { createEmbeddedExecutionQueueDriver } from './queue/embedded-execution-queue-driver';
import { chain as flowOf } from '../../test/flow-fixtures';
import { handingBack } from '../../test/handing-back-execution-queue';
import { createSecondRunner, type SecondRunner } from '../../test/second-runner';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { until } from '../../test/until';
import { executionsQueue } from './execution-runner';

const { nodes } = createTestNodes();

describeEachDriver('hand back on shutdown', (driver) => {
  const t = useTestApp(driver, { nodes });
  const runners: SecondRunner[] = [];
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((started) => started.close(100)));
  });

  /** A worker whose queue driver hands its jobs back when it stops (as BullMQ's does). */
  function startWorker() {
    const bus = createLocalBus();
    const started = createSecondRunner(t.database.db, {
      nodes,
      queue: handingBack,
      cluster: { role: 'worker', bus, leaseMs: 30_000, redis: null },
    });
    runners.push(started);
    return { ...started, processId: bus.processId };
  }

  it('a worker stopping hands its running execution back: queued, without owner, its job back', async () => {
    const account = await t.createAccount();
    const res = await t.request(account.token).post('/api/v1/flows', {
      name: 'Flow',
      enabled: true,
      data: flowOf({ type: 'test_trigger' }, { type: 'test_hang' }),
      config: { rate_limit: 0 },
    });
    const flowId = res.json()._id as string;
    const first = startWorker();
    await first.runner.start();
    const { execution_id } = await first.runner.enqueue({
      workspaceId: account.workspaceId,
      flowId,
      triggerNodeUid: 'n0',
      msg: { payload: {} },
    });
    await until(
      async () => (await first.runner.repository.find(execution_id))?.status === 'running',
      'a execução começar',
    );
    expect((await first.runner.repository.find(execution_id))?.ownerId).toBe(first.processId);

    await first.runner.close(50, { handBack: true });
    expect(await first.runner.repository.find(execution_id)).toMatchObject({
      status: 'queued',
      ownerId: null,
      startedAt: null,
      endedAt: null,
    });
    const queue = createEmbeddedExecutionQueueDriver(t.database.db);
    expect((await queue.counts(executionsQueue)).waiting).toBe(1);

    // Another worker takes it from the queue and owns it now.
    const second = startWorker();
    await second.runner.start();
    await until(
      async () => (await second.runner.repository.find(execution_id))?.ownerId === second.processId,
      'outro processo retomar a execução',
    );
    expect((await second.runner.repository.find(execution_id))?.status).toBe('running');
  });

  it("an editor run handed back keeps the editor's document for the next worker", async () => {
    const account = await t.createAccount();
    const res = await t.request(account.token).post('/api/v1/flows', {
      name: 'Flow',
      enabled: true,
      data: flowOf({ type: 'test_trigger' }),
      config: { rate_limit: 0 },
    });
    const worker = startWorker();
    await worker.runner.start();
    // The editor's document (never saved) hangs; the saved one would end at once.
    const editor = {
      document: flowDocumentSchema.parse(flowOf({ type: 'test_trigger' }, { type: 'test_hang' })),
      destination: 'n1',
    };
    const { execution_id } = await worker.runner.enqueue({
      workspaceId: account.workspaceId,
      flowId: res.json()._id as string,
      triggerNodeUid: 'n0',
      msg: { payload: {} },
      mode: 'editor',
      editor,
    });
    await until(
      async () => (await worker.runner.repository.find(execution_id))?.status === 'running',
      'a execução começar',
    );
    await worker.runner.close(50, { handBack: true });
    const jobs = await t.database.db
      .select({ payload: queueJobs.payload })
      .from(queueJobs)
      .where(and(eq(queueJobs.queue, executionsQueue), eq(queueJobs.status, 'waiting')));
    expect(jobs.map((job) => job.payload)).toEqual([
      expect.objectContaining({ execution_id, editor }),
    ]);
  });

  it('without hand back, a worker stopping stops its execution as before', async () => {
    const account = await t.createAccount();
    const res = await t.request(account.token).post('/api/v1/flows', {
      name: 'Flow',
      enabled: true,
      data: flowOf({ type: 'test_trigger' }, { type: 'test_hang' }),
      config: { rate_limit: 0 },
    });
    const worker = startWorker();
    await worker.runner.start();
    const { execution_id, done } = await worker.runner.enqueue({
      workspaceId: account.workspaceId,
      flowId: res.json()._id as string,
      triggerNodeUid: 'n0',
      msg: { payload: {} },
    });
    await until(
      async () => (await worker.runner.repository.find(execution_id))?.status === 'running',
      'a execução começar',
    );
    await worker.runner.close(50, { handBack: false });
    expect((await done).status).toBe('stopped');
    expect((await worker.runner.repository.find(execution_id))?.status).toBe('stopped');
  });
});
