import { limits } from '@ponte/shared/limits';
import { createPeriodicTask } from '../../lib/periodic-task';
import { redisFailureOf } from '../../lib/redis-unavailable';
import type { LedgerCursor, QueueLedgerRepository } from './queue-ledger.repository';
import type { QueueRestoresRepository } from './queue-restores.repository';
import type { MessageLedgerStore } from './drivers/message-ledger';

/** Ledger rows read, and asked of Redis, at a time. */
const pageSize = 500;
const queuesPerRead = 100;

/** Messages of one queue published again in one pass, because Redis had lost them. */
export interface RestoreReport {
  queueId: string;
  workspaceId: string;
  queueName: string;
  consumerFlowId: string | null;
  restored: number;
  at: Date;
}

export interface LedgerReconcilerOptions {
  store: MessageLedgerStore;
  repository: Pick<QueueLedgerRepository, 'queues' | 'page' | 'stillKept' | 'forget'>;
  restores: Pick<QueueRestoresRepository, 'recordRestore' | 'removeRestoresBefore'>;
  now: () => Date;
  onRestored: (report: RestoreReport) => void;
  onError: (error: unknown) => void;
  /** Between passes (default `limits.queueLedgerIntervalMs`). */
  intervalMs?: number;
  /** Rows younger than this are left alone (default `limits.queueLedgerGraceMs`). */
  graceMs?: number;
}

type LedgerQueue = Awaited<ReturnType<QueueLedgerRepository['queues']>>[number];

/**
 * The ledger against Redis (docs/adr/0072), at start and every minute on the processes that
 * run work, one process at a time: each queue gets its settings back (rate, pause) and every
 * ledger row older than the grace whose message Redis no longer has is published again with
 * its id and times (a row whose message Redis holds completed or failed is dropped: its end
 * was missed). What was restored is recorded per queue and reported.
 */
export function createLedgerReconciler(options: LedgerReconcilerOptions) {
  const { store, repository, now } = options;
  const intervalMs = options.intervalMs ?? limits.queueLedgerIntervalMs;
  const graceMs = options.graceMs ?? limits.queueLedgerGraceMs;

  async function reconcileQueue(queue: LedgerQueue, before: Date): Promise<number> {
    await store.applySettings(queue.id, {
      maxPerSecond: queue.maxPerSecond,
      paused: queue.paused,
    });
    let restored = 0;
    let cursor: LedgerCursor | null = null;
    for (;;) {
      const entries = await repository.page(queue.id, before, cursor, pageSize);
      if (!entries.length) break;
      const { missing, settled } = await store.inspect(
        queue.id,
        entries.map((entry) => entry.id),
      );
      await repository.forget(queue.id, settled);
      // A message removed or ended since the page was read is not brought back.
      const kept = await repository.stillKept(queue.id, missing);
      for (const entry of entries) {
        if (!kept.has(entry.id)) continue;
        await store.restore(entry);
        restored += 1;
      }
      const last = entries[entries.length - 1]!;
      cursor = { publishedAt: last.publishedAt, id: last.id };
      if (entries.length < pageSize) break;
    }
    return restored;
  }

  /** One pass; answers how many messages it published again. */
  async function pass(): Promise<number> {
    if (!(await store.claimPass(intervalMs))) return 0;
    let total = 0;
    try {
      const at = now();
      const before = new Date(at.getTime() - graceMs);
      let afterId = '';
      for (;;) {
        const queues = await repository.queues(afterId, queuesPerRead);
        for (const queue of queues) {
          let restored: number;
          try {
            restored = await reconcileQueue(queue, before);
          } catch (error) {
            // Redis away: the whole pass waits for the next one. Else the other queues go on.
            if (redisFailureOf(error)) throw error;
            options.onError(error);
            continue;
          }
          if (!restored) continue;
          total += restored;
          await options.restores.recordRestore({
            queueId: queue.id,
            workspaceId: queue.workspaceId,
            restored,
            at,
          });
          options.onRestored({
            queueId: queue.id,
            workspaceId: queue.workspaceId,
            queueName: queue.name,
            consumerFlowId: queue.consumerFlowId,
            restored,
            at,
          });
        }
        if (queues.length < queuesPerRead) break;
        afterId = queues[queues.length - 1]!.id;
      }
      await options.restores.removeRestoresBefore(
        new Date(at.getTime() - limits.queueRestoresShownMs),
      );
    } finally {
      await store.releasePass().catch(() => undefined);
    }
    return total;
  }

  return createPeriodicTask(pass, { intervalMs, onError: options.onError });
}

export type LedgerReconciler = ReturnType<typeof createLedgerReconciler>;
