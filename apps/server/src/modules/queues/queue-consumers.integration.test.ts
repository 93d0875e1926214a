import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createTestNodes } from '@ponte/engine/testing/test-nodes';
import type { DatabaseHandle } from '../../db/client';
import { flows, queues } from '../../db/schema';
import {
  addConsumerFlow,
  addQueue,
  executionsOfFlow,
  openMessageDriver,
  seedWorkspace,
} from '../../test/queue-fixtures';
import { createSecondRunner, type SecondRunner } from '../../test/second-runner';
import { createTestDatabase, describeEachDriver } from '../../test/test-database';
import { until } from '../../test/until';
import type { MessageQueueDriver } from './drivers/message-queue-driver';
import { createQueueConsumers, type QueueConsumers } from './queue-consumers';

const { nodes } = createTestNodes();

describeEachDriver('queue consumers', (driver) => {
  let database: DatabaseHandle;
  let messages: MessageQueueDriver;
  let ponte: SecondRunner;
  let consumers: QueueConsumers;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database.close());

  /** A Ponte process over the test database: its runner, its driver and its consumers. */
  async function startProcess() {
    messages = openMessageDriver(database.db);
    await messages.start();
    ponte = createSecondRunner(database.db, { nodes, concurrency: 20 });
    await ponte.runner.start();
    consumers = createQueueConsumers({
      db: database.db,
      driver: messages,
      runner: ponte.runner,
      graceMs: 100,
    });
    await consumers.start();
  }
  afterEach(async () => {
    await consumers?.stop();
    await ponte?.close();
    await messages?.close();
  });

  const consumerRow = async (queueId: string) =>
    (await database.db.select().from(queues).where(eq(queues.id, queueId)))[0]?.consumerFlowId;

  it('runs a message published by hand as one execution of the consumer flow', async () => {
    const workspace = await seedWorkspace(database.db);
    const queueId = await addQueue(database.db, workspace, { name: 'Pedidos' });
    const flowId = await addConsumerFlow(database.db, workspace.workspaceId, queueId, [
      { type: 'test_tag', params: { tag: 'consumido' } },
    ]);
    await startProcess();
    expect(await consumerRow(queueId)).toBe(flowId);

    const published = await messages.publish(queueId, {
      workspaceId: workspace.workspaceId,
      message: { pedido: 42 },
      publisher: 'Manual',
    });
    const done = await until(async () => {
      const job = await messages.get(queueId, published.id);
      return job?.state === 'completed' && job;
    }, 'a mensagem consumida');
    const [execution, ...others] = await executionsOfFlow(database.db, flowId);
    expect(others).toEqual([]);
    expect(execution).toMatchObject({ id: done.executionId, status: 'success' });
    expect(execution!.triggerMsg).toEqual({
      payload: { pedido: 42 },
      queue: { _id: queueId, name: 'Pedidos' },
      job_id: published.id,
      attempts: 1,
    });
    // The execution started when the queue granted the message its start.
    expect(execution!.startedAt).toEqual(done.startedAt);
    expect(execution!.queuedAt).toEqual(done.startedAt);
  });

  it('keeps a message whose execution failed as failed, and a retry runs it with the same id', async () => {
    const workspace = await seedWorkspace(database.db);
    const queueId = await addQueue(database.db, workspace);
    const flowId = await addConsumerFlow(database.db, workspace.workspaceId, queueId, [
      { type: 'test_fail' },
    ]);
    await startProcess();
    const published = await messages.publish(queueId, {
      workspaceId: workspace.workspaceId,
      message: 'texto',
      publisher: 'Manual',
    });
    const failed = await until(async () => {
      const job = await messages.get(queueId, published.id);
      return job?.state === 'failed' && job;
    }, 'a mensagem com falha');
    expect(failed.error).toBe('Falhou de propósito');

    expect(await messages.retry(queueId, published.id)).toBe(true);
    await until(
      async () => (await messages.get(queueId, published.id))?.attempts === 2,
      'a mensagem reenviada',
    );
    const runs = await until(async () => {
      const rows = (await executionsOfFlow(database.db, flowId)).filter((row) => row.endedAt);
      return rows.length === 2 && rows;
    }, 'as duas execuções');
    expect(runs.map((row) => row.status)).toEqual(['error', 'error']);
    expect(runs.map((row) => row.triggerMsg?.job_id)).toEqual([published.id, published.id]);
    expect(runs.map((row) => row.triggerMsg?.attempts).sort()).toEqual([1, 2]);
    await until(
      async () => (await messages.get(queueId, published.id))?.state === 'failed',
      'a mensagem com falha de novo',
    );
  });

  it('gives the queue to one flow; a second claimant takes it when the first is disabled', async () => {
    const workspace = await seedWorkspace(database.db);
    const queueId = await addQueue(database.db, workspace);
    const first = await addConsumerFlow(database.db, workspace.workspaceId, queueId, [], {
      name: 'Primeiro',
      createdAt: new Date(Date.now() - 60_000),
    });
    await startProcess();
    // A newer flow naming the same queue does not take it.
    const second = await addConsumerFlow(database.db, workspace.workspaceId, queueId, [], {
      name: 'Segundo',
    });
    await consumers.reconcile(workspace.workspaceId);
    expect(await consumerRow(queueId)).toBe(first);

    const publish = (n: number) =>
      messages.publish(queueId, {
        workspaceId: workspace.workspaceId,
        message: { n },
        publisher: 'Manual',
      });
    const one = await publish(1);
    await until(
      async () => (await messages.get(queueId, one.id))?.state === 'completed',
      'a primeira mensagem',
    );
    expect(await executionsOfFlow(database.db, first)).toHaveLength(1);
    expect(await executionsOfFlow(database.db, second)).toHaveLength(0);

    await database.db.update(flows).set({ enabled: false }).where(eq(flows.id, first));
    await consumers.reconcile(workspace.workspaceId);
    expect(await consumerRow(queueId)).toBe(second);
    expect(consumers.consumerOf(queueId)).toBe(second);
    const two = await publish(2);
    await until(
      async () => (await messages.get(queueId, two.id))?.state === 'completed',
      'a segunda mensagem',
    );
    expect(await executionsOfFlow(database.db, first)).toHaveLength(1);
    const [handed] = await executionsOfFlow(database.db, second);
    expect(handed?.triggerMsg).toMatchObject({ payload: { n: 2 }, job_id: two.id });

    // Enabled again, the first one does not take the queue back from the one holding it.
    await database.db.update(flows).set({ enabled: true }).where(eq(flows.id, first));
    await consumers.reconcile(workspace.workspaceId);
    expect(await consumerRow(queueId)).toBe(second);

    // With no claimant left the queue has no consumer.
    await database.db.delete(flows).where(eq(flows.workspaceId, workspace.workspaceId));
    await consumers.reconcile(workspace.workspaceId);
    expect(await consumerRow(queueId)).toBeNull();
    expect(consumers.consumerOf(queueId)).toBeNull();
  });
});
