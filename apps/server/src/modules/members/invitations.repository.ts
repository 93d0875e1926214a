import { createHash } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { invitations, users, workspaces } from '../../db/schema';

export type InvitationRow = typeof invitations.$inferSelect;

/** What is kept of a link's token: its sha256, in hex. */
export const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Not accepted and not expired at `now`. */
const openAt = (now: Date) => and(isNull(invitations.acceptedAt), gt(invitations.expiresAt, now));

/** Every call but those by token hash takes the session's workspace. */
export function createInvitationsRepository(db: Database) {
  return {
    /** The workspace's invitations still open at `now`, newest first, with their author. */
    async pending(workspaceId: string, now: Date) {
      return db
        .select({ invitation: invitations, creatorName: users.name })
        .from(invitations)
        .leftJoin(users, eq(users.id, invitations.createdBy))
        .where(and(eq(invitations.workspaceId, workspaceId), openAt(now)))
        .orderBy(desc(invitations.createdAt), desc(invitations.id));
    },

    async workspaceName(workspaceId: string): Promise<string> {
      const [row] = await db
        .select({ name: workspaces.name })
        .from(workspaces)
        .where(eq(workspaces.id, workspaceId));
      return row?.name ?? '';
    },

    async insert(row: InvitationRow): Promise<void> {
      await db.insert(invitations).values(row);
    },

    async remove(workspaceId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(invitations)
        .where(and(eq(invitations.workspaceId, workspaceId), eq(invitations.id, id)))
        .returning({ id: invitations.id });
      return rows.length > 0;
    },

    /** An open invitation by its token's hash, with its workspace and author's names. */
    async openByHash(tokenHash: string, now: Date) {
      const [row] = await db
        .select({
          invitation: invitations,
          workspaceName: workspaces.name,
          customerId: workspaces.customerId,
          creatorName: users.name,
        })
        .from(invitations)
        .innerJoin(workspaces, eq(workspaces.id, invitations.workspaceId))
        .leftJoin(users, eq(users.id, invitations.createdBy))
        .where(and(eq(invitations.tokenHash, tokenHash), openAt(now)));
      return row ?? null;
    },

    /** Marks it used, once: false when another acceptance came first. */
    async markAccepted(id: string, userId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(invitations)
        .set({ acceptedAt: now, acceptedBy: userId })
        .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt)))
        .returning({ id: invitations.id });
      return rows.length > 0;
    },
  };
}
