import { isDatabaseUnavailable } from '../../db/database-unavailable';
import { createBackoff } from '../../lib/backoff';
import type { KeptExecutionData } from './execution-data';
import type { ExecutionOutcome } from './executions.repository';
import type { WrittenOnce } from './execution-write-once.repository';
import type { LogRow } from '../logs/log-writer';

export interface ExecutionEnd {
  id: string;
  values: ExecutionOutcome;
  /** The node data the execution kept (docs/adr/0089): written with its end, retried with it. */
  data?: KeptExecutionData;
  /** Its start was never written: the whole row (docs/adr/0129). */
  once?: WrittenOnce;
  /** The log lines held for its end (docs/adr/0129). */
  logs?: LogRow[];
}

export interface ExecutionEndsOptions {
  /** Writes a batch of ends in one statement. */
  write(ends: ExecutionEnd[]): Promise<void>;
  /** A batch refused for another reason than an unreachable database, or ends given up. */
  onError?: (error: unknown) => void;
  /** Ends kept while the database is away; past it the oldest are given up (default 100 000). */
  maxPending?: number;
  maxBatch?: number;
  minRetryMs?: number;
  maxRetryMs?: number;
}

interface Pending extends ExecutionEnd {
  /** True: written. False: given up (the row stays running; the next start marks it crashed). */
  resolve(written: boolean): void;
  reject(error: unknown): void;
}

/** `list` without the entries of `batch` (some may have been given up meanwhile). */
function without(list: Pending[], batch: Pending[]): Pending[] {
  const written = new Set(batch);
  return list.filter((end) => !written.has(end));
}

/**
 * The ends of executions on their way to the database (docs/adr/0019). Kept in memory in the
 * order they were recorded and written in batches; while the database cannot be reached, the
 * head batch is tried again after a bounded backoff (100 ms doubling up to 5 s), so the ends
 * are written within seconds of the database coming back. An end refused for another reason
 * (the statement or its data) rejects at once and is not retried.
 */
export function createExecutionEnds(options: ExecutionEndsOptions) {
  const maxPending = options.maxPending ?? 100_000;
  const maxBatch = options.maxBatch ?? 500;
  const backoff = createBackoff(options.minRetryMs ?? 100, options.maxRetryMs ?? 5_000);
  let pending: Pending[] = [];
  let draining: Promise<void> | null = null;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  const giveUp = (ends: Pending[]) => {
    if (!ends.length) return;
    for (const end of ends) end.resolve(false);
    options.onError?.(
      new Error(
        `${ends.length} fim(ns) de execução não gravado(s): o banco de dados não respondeu ` +
          `(${ends.map((end) => end.id).join(', ')}).`,
      ),
    );
  };

  /** Writes from the head until nothing is left or the database is away (then retries later). */
  const drain = async (): Promise<void> => {
    while (pending.length) {
      const batch = pending.slice(0, maxBatch);
      try {
        await options.write(
          batch.map(({ id, values, data, once, logs }) => ({
            id,
            values,
            ...(data ? { data } : {}),
            ...(once ? { once } : {}),
            ...(logs?.length ? { logs } : {}),
          })),
        );
      } catch (error) {
        if (isDatabaseUnavailable(error)) {
          // Closing: this was the last try.
          if (closed) return giveUp(pending.splice(0));
          retry = setTimeout(() => void start(), backoff.next());
          retry.unref();
          return;
        }
        pending = without(pending, batch);
        for (const end of batch) end.reject(error);
        options.onError?.(error);
        continue;
      }
      backoff.reset();
      pending = without(pending, batch);
      for (const end of batch) end.resolve(true);
    }
  };

  function start(): Promise<void> {
    clearTimeout(retry);
    retry = undefined;
    draining ??= drain().finally(() => {
      draining = null;
    });
    return draining;
  }

  return {
    /**
     * Resolves true once written, false when given up (the database still away at close, or too
     * many ends waiting). After close, an end gets one try and no retries.
     */
    record(
      id: string,
      values: ExecutionOutcome,
      data?: KeptExecutionData,
      once?: WrittenOnce,
      logs?: LogRow[],
    ): Promise<boolean> {
      return new Promise<boolean>((resolve, reject) => {
        pending.push({
          id,
          values,
          ...(data ? { data } : {}),
          ...(once ? { once } : {}),
          ...(logs?.length ? { logs } : {}),
          resolve,
          reject,
        });
        if (pending.length > maxPending) giveUp(pending.splice(0, pending.length - maxPending));
        // A retry is already scheduled: the new end waits behind the ones before it.
        if (!retry) setImmediate(() => void start());
      });
    },

    /** Ends not written yet. */
    pendingCount: () => pending.length,

    /**
     * Stops retrying: one last try of what is waiting; what the database still does not take is
     * given up (those rows stay running and the next start of Ponte marks them crashed).
     */
    async close(): Promise<void> {
      closed = true;
      clearTimeout(retry);
      retry = undefined;
      await (draining ?? start());
      giveUp(pending.splice(0));
    },
  };
}

export type ExecutionEnds = ReturnType<typeof createExecutionEnds>;
