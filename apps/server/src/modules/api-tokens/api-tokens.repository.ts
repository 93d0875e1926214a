import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { apiTokens, users, workspaces } from '../../db/schema';

export type ApiTokenRow = typeof apiTokens.$inferSelect;

/** Every call but `findByHash` takes the session's workspace; no query leaves it. */
export function createApiTokensRepository(db: Database) {
  return {
    /** The workspace's tokens, newest first, with their creator's name. */
    async list(workspaceId: string) {
      return db
        .select({ token: apiTokens, creatorName: users.name })
        .from(apiTokens)
        .leftJoin(users, eq(users.id, apiTokens.createdBy))
        .where(eq(apiTokens.workspaceId, workspaceId))
        .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
    },

    async count(workspaceId: string): Promise<number> {
      const [row] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(apiTokens)
        .where(eq(apiTokens.workspaceId, workspaceId));
      return row?.total ?? 0;
    },

    async insert(row: ApiTokenRow): Promise<void> {
      await db.insert(apiTokens).values(row);
    },

    /** The removed row, or null when the workspace has no such token. */
    async remove(workspaceId: string, id: string): Promise<ApiTokenRow | null> {
      const [row] = await db
        .delete(apiTokens)
        .where(and(eq(apiTokens.workspaceId, workspaceId), eq(apiTokens.id, id)))
        .returning();
      return row ?? null;
    },

    /** The token with this hash and its workspace's customer, whatever its workspace. */
    async findByHash(tokenHash: string): Promise<(ApiTokenRow & { customerId: string }) | null> {
      const [row] = await db
        .select({ token: apiTokens, customerId: workspaces.customerId })
        .from(apiTokens)
        .innerJoin(workspaces, eq(workspaces.id, apiTokens.workspaceId))
        .where(eq(apiTokens.tokenHash, tokenHash));
      return row ? { ...row.token, customerId: row.customerId } : null;
    },

    async touch(id: string, at: Date): Promise<void> {
      await db.update(apiTokens).set({ lastUsedAt: at }).where(eq(apiTokens.id, id));
    },
  };
}
