import type { ExecutionEnqueueOptions } from './execution-queue-driver';
import {
  limitOf,
  type LocalExecutionConsumer,
  type ExecutionJobRow,
} from './embedded-execution-queue-rows';

/** A consumer's bookkeeping, in this process. */
export interface ExecutionConsumerState {
  running: Map<string, { done: Promise<void>; abort: AbortController }>;
  /** Jobs running per concurrency key (this process owns the queue). */
  activeByKey: Map<string, number>;
  /** Slots taken by the fast path whose row is being written. */
  reserved: number;
  /**
   * Waiting rows of the queue (delayed ones included). Unknown until counted at start; while
   * any wait, new jobs queue behind them instead of taking the fast path.
   */
  waiting: number;
  /** Waiting rows written or removed after the start count was asked for. */
  countedLate: number;
  stopped: boolean;
  /** Jobs started from a slot without a row: nothing to update when they end. */
  unwritten: Map<string, ExecutionJobRow>;
}

export const newExecutionConsumerState = (): ExecutionConsumerState => ({
  running: new Map(),
  activeByKey: new Map(),
  reserved: 0,
  waiting: Number.POSITIVE_INFINITY,
  countedLate: 0,
  stopped: false,
  unwritten: new Map(),
});

export function countKey(state: ExecutionConsumerState, key: string | null, by: number) {
  if (!key) return;
  const next = (state.activeByKey.get(key) ?? 0) + by;
  if (next > 0) state.activeByKey.set(key, next);
  else state.activeByKey.delete(key);
}

/**
 * The fast path of a consumer: a slot for a job that may start now (nothing waits in the
 * table, the consumer and the job's concurrency key have room).
 */
export function localSlots(
  state: ExecutionConsumerState,
  canStart: () => boolean,
  start: (row: ExecutionJobRow, counted: boolean) => void,
): LocalExecutionConsumer {
  return {
    reserve(enqueued: Omit<ExecutionEnqueueOptions, 'payload' | 'delayMs'>) {
      if (!canStart()) return null;
      const key = enqueued.concurrencyKey ?? null;
      const limit = limitOf(enqueued);
      if (key && limit > 0 && (state.activeByKey.get(key) ?? 0) >= limit) return null;
      state.reserved++;
      countKey(state, key, 1);
      return {
        start(row, written) {
          state.reserved--;
          if (!written) state.unwritten.set(row.id, row);
          start(row, true);
        },
        release() {
          state.reserved--;
          countKey(state, key, -1);
        },
      };
    },
    unwritten: () => [...state.unwritten.values()],
    countWaiting(by) {
      if (state.waiting === Number.POSITIVE_INFINITY) state.countedLate += by;
      else state.waiting = Math.max(0, state.waiting + by);
    },
  };
}
