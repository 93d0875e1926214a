import { and, asc, eq, gt, inArray, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queueLedger, queues } from '../../db/schema';
import { createWriteBatcher } from '../../lib/write-batcher';
import type { LedgerEntry, MessageLedger } from './drivers/message-ledger';

type LedgerRow = typeof queueLedger.$inferSelect;

const entryOf = (row: LedgerRow): LedgerEntry => ({
  id: row.id,
  queueId: row.queueId,
  workspaceId: row.workspaceId,
  message: row.message,
  publisher: row.publisher,
  delayMs: row.delayMs,
  delayed: row.delayed,
  dedupKey: row.dedupKey,
  publishedAt: row.publishedAt,
  runAt: row.runAt,
});

/** Where a page of a queue's ledger stopped: the next page starts after it. */
export interface LedgerCursor {
  publishedAt: Date;
  id: string;
}

/**
 * The ledger of the messages of queues kept in Redis
 * (docs/adr/0072). Rows are found by queue and message id, both unique across workspaces.
 */
export function createQueueLedgerRepository(db: Database) {
  return {
    /** The rows of publishes (a second write of an id changes nothing). */
    async record(entries: readonly LedgerEntry[]): Promise<void> {
      if (!entries.length) return;
      await db
        .insert(queueLedger)
        .values(
          entries.map((entry) => ({
            id: entry.id,
            queueId: entry.queueId,
            workspaceId: entry.workspaceId,
            message: entry.message ?? null,
            publisher: entry.publisher,
            delayMs: entry.delayMs,
            delayed: entry.delayed,
            dedupKey: entry.dedupKey,
            publishedAt: entry.publishedAt,
            runAt: entry.runAt,
          })),
        )
        .onConflictDoNothing();
    },

    /** Rows by message id (ids are unique across queues). */
    async forgetIds(ids: readonly string[]): Promise<void> {
      if (!ids.length) return;
      await db.delete(queueLedger).where(inArray(queueLedger.id, [...ids]));
    },

    async forget(queueId: string, ids: readonly string[]): Promise<void> {
      if (!ids.length) return;
      await db
        .delete(queueLedger)
        .where(and(eq(queueLedger.queueId, queueId), inArray(queueLedger.id, [...ids])));
    },

    async forgetQueue(queueId: string): Promise<void> {
      await db.delete(queueLedger).where(eq(queueLedger.queueId, queueId));
    },

    /** One page of the queue's rows published before `before`, oldest first. */
    async page(
      queueId: string,
      before: Date,
      after: LedgerCursor | null,
      limit: number,
    ): Promise<LedgerEntry[]> {
      const rows = await db
        .select()
        .from(queueLedger)
        .where(
          and(
            eq(queueLedger.queueId, queueId),
            lt(queueLedger.publishedAt, before),
            after
              ? or(
                  gt(queueLedger.publishedAt, after.publishedAt),
                  and(eq(queueLedger.publishedAt, after.publishedAt), gt(queueLedger.id, after.id)),
                )
              : undefined,
          ),
        )
        .orderBy(asc(queueLedger.publishedAt), asc(queueLedger.id))
        .limit(limit);
      return rows.map(entryOf);
    },

    /** Which of `ids` still have their row (a message may have ended meanwhile). */
    async stillKept(queueId: string, ids: readonly string[]): Promise<Set<string>> {
      if (!ids.length) return new Set();
      const rows = await db
        .select({ id: queueLedger.id })
        .from(queueLedger)
        .where(and(eq(queueLedger.queueId, queueId), inArray(queueLedger.id, [...ids])));
      return new Set(rows.map((row) => row.id));
    },

    /** Every queue with what the ledger gives back to a Redis that lost it, by id. */
    async queues(afterId: string, limit: number) {
      return db
        .select({
          id: queues.id,
          workspaceId: queues.workspaceId,
          name: queues.name,
          paused: queues.paused,
          maxPerSecond: queues.maxPerSecond,
          consumerFlowId: queues.consumerFlowId,
        })
        .from(queues)
        .where(gt(queues.id, afterId))
        .orderBy(asc(queues.id))
        .limit(limit);
    },
  };
}

export type QueueLedgerRepository = ReturnType<typeof createQueueLedgerRepository>;

/**
 * The ledger as the driver writes it: the rows of the publishes and the ends of one event-loop
 * turn go in one statement each (group commit, `write-batcher.ts`); a publish still answers
 * only once its row is written.
 */
export function createBatchedLedger(repository: QueueLedgerRepository): MessageLedger {
  const none = (items: readonly unknown[]) => items.map(() => undefined);
  const record = createWriteBatcher(async (entries: LedgerEntry[]) => {
    await repository.record(entries);
    return none(entries);
  });
  const forget = createWriteBatcher(async (ids: string[]) => {
    await repository.forgetIds(ids);
    return none(ids);
  });
  return {
    record: (entry) => record(entry),
    forget: async (_queueId, ids) => void (await Promise.all(ids.map((id) => forget(id)))),
    forgetQueue: (queueId) => repository.forgetQueue(queueId),
  };
}
