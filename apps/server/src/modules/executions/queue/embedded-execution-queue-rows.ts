import type { queueJobs } from '../../../db/schema';
import type {
  ExecutionEnqueueOptions,
  ExecutionQueueConsumer,
  ExecutionJob,
} from './execution-queue-driver';

export type ExecutionJobRow = typeof queueJobs.$inferSelect;

/**
 * A slot taken in a consumer for a job that starts now: its row is written as already active,
 * or not written at all (`written` false: the caller keeps its own record).
 */
export interface LocalExecutionSlot {
  start(row: ExecutionJobRow, written: boolean): void;
  release(): void;
}

export interface LocalExecutionConsumer {
  /** A free slot when no job waits in the table and this one may start now; otherwise null. */
  reserve(options: Omit<ExecutionEnqueueOptions, 'payload' | 'delayMs'>): LocalExecutionSlot | null;
  /** Follows the number of waiting rows of the queue: +1 written, -1 taken or removed. */
  countWaiting(by: number): void;
  /** Jobs running from a slot without a row (the table does not count them). */
  unwritten(): ExecutionJobRow[];
}

/** What the driver's parts share, per queue: pauses, wake-ups and this process's consumers. */
export interface EmbeddedExecutionQueueState {
  paused: Set<string>;
  wakers: Map<string, () => void>;
  /** This process's consumer of each queue, for jobs it can start the moment they arrive. */
  locals: Map<string, LocalExecutionConsumer>;
  consumers: Set<ExecutionQueueConsumer>;
}

/** The concurrency limit as stored: a whole number, 0 for none. */
/** The column is an integer: a limit beyond it (a flow saved before limits) is the column's max. */
const maxLimit = 2 ** 31 - 1;

export const limitOf = (options: { concurrencyLimit?: number }) => {
  const limit = Math.trunc(options.concurrencyLimit ?? 0);
  return Number.isNaN(limit) ? 0 : Math.min(maxLimit, Math.max(0, limit));
};

export const toExecutionJob = (row: ExecutionJobRow): ExecutionJob => ({
  id: row.id,
  queue: row.queue,
  workspaceId: row.workspaceId,
  payload: row.payload,
  status: row.status,
  attempts: row.attempts,
  runAt: row.runAt,
  createdAt: row.createdAt,
  startedAt: row.startedAt,
  finishedAt: row.finishedAt,
  error: row.error,
});
