import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { oauthApps } from '../../../db/schema';

export type OAuthAppRow = typeof oauthApps.$inferSelect;

/** A workspace's OAuth apps (docs/adr/0093); every query takes the caller's workspace. */
export function createOAuthAppsRepository(db: Database) {
  const scoped = (workspaceId: string, provider: string) =>
    and(eq(oauthApps.workspaceId, workspaceId), eq(oauthApps.provider, provider));

  return {
    async find(workspaceId: string, provider: string): Promise<OAuthAppRow | undefined> {
      const [row] = await db.select().from(oauthApps).where(scoped(workspaceId, provider));
      return row;
    },

    /** Inserts or replaces the workspace's app of a provider. */
    async upsert(
      row: Pick<OAuthAppRow, 'workspaceId' | 'provider' | 'clientId' | 'secretData' | 'keyId'>,
      now: Date,
    ): Promise<OAuthAppRow> {
      const [saved] = await db
        .insert(oauthApps)
        .values({ ...row, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [oauthApps.workspaceId, oauthApps.provider],
          set: {
            clientId: row.clientId,
            secretData: row.secretData,
            keyId: row.keyId,
            updatedAt: now,
          },
        })
        .returning();
      return saved!;
    },

    async remove(workspaceId: string, provider: string): Promise<boolean> {
      const deleted = await db
        .delete(oauthApps)
        .where(scoped(workspaceId, provider))
        .returning({ provider: oauthApps.provider });
      return deleted.length > 0;
    },
  };
}
