import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { waitLinks } from '../../db/schema';

export type WaitLinkRow = typeof waitLinks.$inferSelect;

/** The links 'Aguardar chamada' nodes wait on (docs/adr/0114). */
export function createWaitLinksRepository(db: Database) {
  return {
    async insert(row: typeof waitLinks.$inferInsert): Promise<void> {
      await db.insert(waitLinks).values(row);
    },

    async findByToken(tokenHash: string): Promise<WaitLinkRow | null> {
      const [row] = await db.select().from(waitLinks).where(eq(waitLinks.tokenHash, tokenHash));
      return row ?? null;
    },

    /** A call takes a pending link not yet expired: the row, or null when it lost. */
    async take(id: string, at: Date): Promise<WaitLinkRow | null> {
      const [row] = await db
        .update(waitLinks)
        .set({ status: 'called', resolvedAt: at })
        .where(
          and(eq(waitLinks.id, id), eq(waitLinks.status, 'pending'), gt(waitLinks.expiresAt, at)),
        )
        .returning();
      return row ?? null;
    },

    /** The execution was not waiting: the link is pending again, for a later call. */
    async giveBack(id: string): Promise<void> {
      await db
        .update(waitLinks)
        .set({ status: 'pending', resolvedAt: null })
        .where(and(eq(waitLinks.id, id), eq(waitLinks.status, 'called')));
    },

    /** The execution resumed with the call: what it resumed with goes (it holds the run's data). */
    async forget(id: string): Promise<void> {
      await db.update(waitLinks).set({ input: null, flowData: null }).where(eq(waitLinks.id, id));
    },

    /** The time ran out: a pending link of the workspace expires. False when a call took it. */
    async expire(workspaceId: string, id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(waitLinks)
        .set({ status: 'expired', resolvedAt: at, input: null, flowData: null })
        .where(
          and(
            eq(waitLinks.id, id),
            eq(waitLinks.workspaceId, workspaceId),
            eq(waitLinks.status, 'pending'),
          ),
        )
        .returning({ id: waitLinks.id });
      return rows.length > 0;
    },
  };
}
