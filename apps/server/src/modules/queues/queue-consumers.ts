import { messages } from '@ponte/shared/messages';
import type { Database } from '../../db/client';
import type { ExecutionRunner } from '../executions/execution-runner';
import type {
  MessageConsumer,
  MessageHandler,
  MessageQueueDriver,
} from './drivers/message-queue-driver';
import {
  createQueueConsumersRepository,
  type ConsumedQueue,
  type QueueClaimant,
} from './queue-consumers.repository';

/**
 * Messages of one queue running at once in one process (docs/adr/0035): the rate limit is the
 * queue's `max_per_second`; this only bounds what a slow consumer flow keeps in flight.
 */
export const queueConsumerConcurrency = 10;

export interface QueueConsumersDeps {
  db: Database;
  driver: MessageQueueDriver;
  runner: Pick<ExecutionRunner, 'enqueue' | 'stop'>;
  /** Messages of one queue running at once in this process (default 10). */
  concurrency?: number;
  /** How long a consumer that lets go waits for its running messages (default 5 s). */
  graceMs?: number;
  onError?: (error: unknown, context: string) => void;
}

interface ActiveConsumer {
  workspaceId: string;
  flowId: string;
  /** The trigger node the executions start at (a save may move it). */
  nodeUid: string;
  consumer: MessageConsumer;
}

/**
 * The queue's consumer: the claimant that holds it keeps it while it still claims it; else the
 * earliest-created claimant takes it; else none.
 */
export function chooseConsumer(
  current: string | null,
  claimants: QueueClaimant[],
): QueueClaimant | null {
  return claimants.find((claimant) => claimant.flowId === current) ?? claimants[0] ?? null;
}

/** Runs one message as an execution of the consumer flow; rejects when it did not succeed. */
function messageHandler(deps: QueueConsumersDeps, entry: ActiveConsumer): MessageHandler {
  const repository = createQueueConsumersRepository(deps.db);
  return async (message, signal, run) => {
    const queue = await repository.queue(message.queueId);
    if (!queue) throw new Error(messages.queues.consumerMissing);
    const { execution_id, done } = await deps.runner.enqueue({
      workspaceId: entry.workspaceId,
      flowId: entry.flowId,
      triggerNodeUid: entry.nodeUid,
      msg: {
        payload: message.message,
        queue: { _id: queue.id, name: queue.name },
        job_id: message.id,
        attempts: message.attempts,
      },
      ...(message.startedAt ? { startedAt: message.startedAt } : {}),
      // The message is settled by the end: the row may be written once (docs/adr/0129).
      writeOnce: true,
    });
    run.setExecutionId(execution_id);
    const onAbort = () =>
      void deps.runner
        .stop(entry.workspaceId, execution_id)
        .catch((error: unknown) => deps.onError?.(error, 'fila interna'));
    signal.addEventListener('abort', onAbort);
    try {
      const result = await done;
      // Waiting for a person (docs/adr/0100): the message was handled; the execution goes on.
      if (result.status === 'success' || result.status === 'waiting') return;
      if (result.status === 'error')
        throw new Error(result.error?.message || messages.queues.consumerStopped);
      throw new Error(messages.queues.consumerStopped);
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  };
}

/**
 * Gives every queue its consumer flow and consumes its messages as executions of that flow
 * (docs/adr/0035). `reconcile` runs after a flow or a queue of the workspace changed.
 */
export function createQueueConsumers(deps: QueueConsumersDeps) {
  const repository = createQueueConsumersRepository(deps.db);
  const concurrency = deps.concurrency ?? queueConsumerConcurrency;
  const graceMs = deps.graceMs ?? 5_000;
  const active = new Map<string, ActiveConsumer>();
  const stopping = new Set<Promise<void>>();
  let started = false;
  let turn: Promise<unknown> = Promise.resolve();

  /** One reconcile at a time: they read and write the same rows. */
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const next = turn.then(task);
    turn = next.catch(() => undefined);
    return next;
  };

  /** Lets go of a queue; its running messages finish in the background. */
  const release = (queueId: string) => {
    const entry = active.get(queueId);
    if (!entry) return;
    active.delete(queueId);
    const stopped = entry.consumer
      .stop(graceMs)
      .catch((error: unknown) => deps.onError?.(error, 'fila interna'))
      .finally(() => stopping.delete(stopped));
    stopping.add(stopped);
  };

  const consume = async (queue: ConsumedQueue, chosen: QueueClaimant) => {
    const entry = active.get(queue.id);
    if (entry?.flowId === chosen.flowId) {
      entry.nodeUid = chosen.nodeUid;
      return;
    }
    release(queue.id);
    await deps.driver.setRate(queue.id, queue.maxPerSecond);
    const next = {
      workspaceId: queue.workspaceId,
      flowId: chosen.flowId,
      nodeUid: chosen.nodeUid,
    } as ActiveConsumer;
    next.consumer = deps.driver.consume(queue.id, messageHandler(deps, next), { concurrency });
    active.set(queue.id, next);
  };

  const reconcileWorkspace = async (workspaceId: string) => {
    const queues = await repository.queuesOf(workspaceId);
    const claims = await repository.claimants(workspaceId);
    const known = new Set(queues.map((queue) => queue.id));
    for (const [queueId, entry] of active)
      if (entry.workspaceId === workspaceId && !known.has(queueId)) release(queueId);
    for (const queue of queues) {
      const chosen = chooseConsumer(queue.consumerFlowId, claims.get(queue.id) ?? []);
      if ((chosen?.flowId ?? null) !== queue.consumerFlowId)
        await repository.setConsumer(workspaceId, [queue.id], chosen?.flowId ?? null);
      if (!started) continue;
      if (chosen) await consume(queue, chosen);
      else release(queue.id);
    }
  };

  return {
    /** Gives every queue its consumer and starts consuming (after the runner started). */
    start: () =>
      serial(async () => {
        started = true;
        for (const workspaceId of await repository.workspacesWithQueues())
          await reconcileWorkspace(workspaceId);
      }),

    /** After a flow or a queue of the workspace was created, saved, enabled, disabled, removed. */
    reconcile: (workspaceId: string) => serial(() => reconcileWorkspace(workspaceId)),

    /**
     * Every workspace with queues, and those this process consumes from (a queue removed
     * elsewhere): the periodic pass after a message from another process was missed.
     */
    reconcileAll: () =>
      serial(async () => {
        const workspaces = new Set(await repository.workspacesWithQueues());
        for (const entry of active.values()) workspaces.add(entry.workspaceId);
        for (const workspaceId of workspaces) await reconcileWorkspace(workspaceId);
      }),

    /** The flow consuming the queue in this process, if any. */
    consumerOf: (queueId: string) => active.get(queueId)?.flowId ?? null,

    /** Stops every consumer; running messages get `graceMs` to end, then are stopped. */
    stop: () =>
      serial(async () => {
        started = false;
        for (const queueId of [...active.keys()]) release(queueId);
        await Promise.all([...stopping]);
      }),
  };
}

export type QueueConsumers = ReturnType<typeof createQueueConsumers>;
