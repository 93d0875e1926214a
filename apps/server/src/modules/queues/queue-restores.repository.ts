import { and, desc, eq, gte, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queueRestores } from '../../db/schema';

/**
 * Messages the ledger published again because Redis had lost them, per queue and pass
 * (docs/adr/0072). The API's reads are scoped to the session's workspace.
 */
export function createQueueRestoresRepository(db: Database) {
  return {
    async recordRestore(values: typeof queueRestores.$inferInsert): Promise<void> {
      await db.insert(queueRestores).values(values);
    },

    async removeRestoresBefore(before: Date): Promise<void> {
      await db.delete(queueRestores).where(lt(queueRestores.at, before));
    },

    /** The queue's restores since `since`, newest first. */
    async restores(workspaceId: string, queueId: string, since: Date, limit: number) {
      return db
        .select({ restored: queueRestores.restored, at: queueRestores.at })
        .from(queueRestores)
        .where(
          and(
            eq(queueRestores.workspaceId, workspaceId),
            eq(queueRestores.queueId, queueId),
            gte(queueRestores.at, since),
          ),
        )
        .orderBy(desc(queueRestores.at), desc(queueRestores.id))
        .limit(limit);
    },
  };
}

export type QueueRestoresRepository = ReturnType<typeof createQueueRestoresRepository>;
