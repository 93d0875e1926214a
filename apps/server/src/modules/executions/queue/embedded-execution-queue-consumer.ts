import { and, count, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { isDatabaseUnavailable, retryWhileUnavailable } from '../../../db/database-unavailable';
import { queueJobs } from '../../../db/schema';
import type {
  ExecutionConsumeOptions,
  ExecutionJobHandler,
  ExecutionQueueConsumer,
} from './execution-queue-driver';
import type { ExecutionJobClaimer } from './embedded-execution-queue-claim';
import {
  countKey,
  localSlots,
  newExecutionConsumerState,
} from './embedded-execution-queue-consumer-state';
import { createExecutionPump } from './embedded-execution-queue-pump';
import {
  toExecutionJob,
  type EmbeddedExecutionQueueState,
  type ExecutionJobRow,
} from './embedded-execution-queue-rows';

export interface EmbeddedExecutionConsumerDeps {
  db: Database;
  driver: EmbeddedExecutionQueueState;
  claimer: ExecutionJobClaimer;
  /** Group-committed removal of a completed job's row. */
  deleteJob(id: string): Promise<void>;
}

/** A finished job: its row is removed (or kept as completed), or marked failed. */
async function finishRow(
  deps: EmbeddedExecutionConsumerDeps,
  options: ExecutionConsumeOptions,
  job: ExecutionJobRow,
  error: unknown,
) {
  const failed = error !== undefined;
  if (!failed && !options.keepCompleted) {
    await deps.deleteJob(job.id);
    return;
  }
  await deps.db
    .update(queueJobs)
    .set({
      status: failed ? 'failed' : 'completed',
      finishedAt: new Date(),
      error: failed ? (error instanceof Error ? error.message : String(error)) : null,
    })
    .where(eq(queueJobs.id, job.id));
}

/** Consumes one queue in this process, `options.concurrency` jobs at a time. */
export function createEmbeddedExecutionConsumer(
  deps: EmbeddedExecutionConsumerDeps,
  queue: string,
  handler: ExecutionJobHandler,
  options: ExecutionConsumeOptions,
): ExecutionQueueConsumer {
  const { paused, wakers, locals, consumers } = deps.driver;
  const state = newExecutionConsumerState();

  const finish = async (job: ExecutionJobRow, error: unknown) => {
    if (state.unwritten.delete(job.id)) return;
    await finishRow(deps, options, job, error);
  };

  const start = (row: ExecutionJobRow, counted = false) => {
    if (!counted) countKey(state, row.concurrencyKey, 1);
    const abort = new AbortController();
    const done = (async () => {
      let failure: unknown;
      try {
        await handler(toExecutionJob(row), abort.signal);
      } catch (error) {
        failure = error ?? new Error('falhou');
      }
      await finish(row, failure).catch((error: unknown) => {
        // The database is away: the row is written once it is back, or else left to the
        // recovery at the next start. Left `active`, it would hold its concurrency key.
        if (isDatabaseUnavailable(error))
          void retryWhileUnavailable(
            () => finishRow(deps, options, row, failure),
            () => state.stopped,
          ).then(() => {
            // The key it held is free: a job waiting for it can be claimed now.
            if (state.waiting > 0 && !state.stopped) void pump();
          });
      });
      state.running.delete(row.id);
      countKey(state, row.concurrencyKey, -1);
      if (state.waiting > 0) void pump();
    })();
    state.running.set(row.id, { done, abort });
  };

  const { pump, cancel } = createExecutionPump({
    queue,
    concurrency: options.concurrency,
    state,
    paused,
    claimer: deps.claimer,
    start,
  });

  wakers.set(queue, () => void pump());
  const canStart = () =>
    !state.stopped &&
    !(state.waiting > 0) &&
    !paused.has(queue) &&
    state.running.size + state.reserved < options.concurrency;
  locals.set(queue, localSlots(state, canStart, start));
  // Asked right after this consumer is registered: rows written before are in the count,
  // rows written after are in `countedLate` (the embedded database runs statements in the
  // order they are sent).
  const ready = (async () => {
    const [row] = await deps.db
      .select({ n: count() })
      .from(queueJobs)
      .where(and(eq(queueJobs.queue, queue), eq(queueJobs.status, 'waiting')));
    state.waiting = Math.max(0, Number(row?.n ?? 0) + state.countedLate);
  })().catch(() => undefined);
  void ready.then(() => pump()).catch(() => undefined);

  const consumer: ExecutionQueueConsumer = {
    ready,
    async stop(graceMs = 10_000) {
      state.stopped = true;
      cancel();
      wakers.delete(queue);
      locals.delete(queue);
      consumers.delete(consumer);
      const all = [...state.running.values()];
      const grace = new Promise((resolve) => setTimeout(resolve, graceMs).unref());
      await Promise.race([Promise.all(all.map((r) => r.done)), grace]);
      for (const entry of state.running.values())
        entry.abort.abort(new Error('Execução interrompida.'));
      await Promise.all([...state.running.values()].map((r) => r.done));
    },
  };
  consumers.add(consumer);
  return consumer;
}
