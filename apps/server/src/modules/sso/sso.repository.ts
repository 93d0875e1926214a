import { and, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { memberships, ssoProviders, ssoSettings, ssoStates, users } from '../../db/schema';

export type SsoProviderRow = typeof ssoProviders.$inferSelect;
export type NewSsoProviderRow = typeof ssoProviders.$inferInsert;

const settingsId = 'instance';

/** SQL of the SSO tables (docs/adr/0108): providers, the instance's setting, states. */
export function createSsoRepository(db: Database) {
  return {
    list: () => db.select().from(ssoProviders).orderBy(ssoProviders.name, ssoProviders.id),

    async byId(id: string): Promise<SsoProviderRow | null> {
      const [row] = await db.select().from(ssoProviders).where(eq(ssoProviders.id, id));
      return row ?? null;
    },

    async bySlug(slug: string): Promise<SsoProviderRow | null> {
      const [row] = await db.select().from(ssoProviders).where(eq(ssoProviders.slug, slug));
      return row ?? null;
    },

    async insert(row: NewSsoProviderRow): Promise<SsoProviderRow> {
      const [created] = await db.insert(ssoProviders).values(row).returning();
      return created!;
    },

    async update(id: string, change: Partial<NewSsoProviderRow>): Promise<SsoProviderRow | null> {
      const [row] = await db
        .update(ssoProviders)
        .set(change)
        .where(eq(ssoProviders.id, id))
        .returning();
      return row ?? null;
    },

    async remove(id: string): Promise<boolean> {
      const rows = await db
        .delete(ssoProviders)
        .where(eq(ssoProviders.id, id))
        .returning({ id: ssoProviders.id });
      return rows.length > 0;
    },

    async enabledCount(): Promise<number> {
      const [row] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(ssoProviders)
        .where(eq(ssoProviders.enabled, true));
      return row?.total ?? 0;
    },

    async passwordSignInDisabled(): Promise<boolean> {
      const [row] = await db
        .select({ disabled: ssoSettings.passwordSignInDisabled })
        .from(ssoSettings)
        .where(eq(ssoSettings.id, settingsId));
      return row?.disabled ?? false;
    },

    async setPasswordSignInDisabled(disabled: boolean, now: Date): Promise<void> {
      await db
        .insert(ssoSettings)
        .values({ id: settingsId, passwordSignInDisabled: disabled, updatedAt: now })
        .onConflictDoUpdate({
          target: ssoSettings.id,
          set: { passwordSignInDisabled: disabled, updatedAt: now },
        });
    },

    /** Whether the user belongs to the workspace (the settings' choice of a workspace). */
    async isMember(userId: string, workspaceId: string): Promise<boolean> {
      const [row] = await db
        .select({ userId: memberships.userId })
        .from(memberships)
        .where(and(eq(memberships.userId, userId), eq(memberships.workspaceId, workspaceId)));
      return row !== undefined;
    },

    /** The user of an e-mail (stored in lower case), with their membership of the workspace. */
    async findPerson(email: string, workspaceId: string) {
      const [row] = await db
        .select({
          id: users.id,
          isOwner: users.isOwner,
          role: memberships.role,
        })
        .from(users)
        .leftJoin(
          memberships,
          and(eq(memberships.userId, users.id), eq(memberships.workspaceId, workspaceId)),
        )
        .where(eq(users.email, email.toLowerCase()));
      return row ?? null;
    },

    async insertState(row: typeof ssoStates.$inferInsert): Promise<void> {
      await db.insert(ssoStates).values(row);
    },

    /** Uses a state once: the row, when it was still valid; gone afterwards either way. */
    async consumeState(state: string, now: Date) {
      const [row] = await db.delete(ssoStates).where(eq(ssoStates.state, state)).returning();
      return row && row.expiresAt > now ? row : null;
    },

    async purgeStates(now: Date): Promise<number> {
      const rows = await db
        .delete(ssoStates)
        .where(lte(ssoStates.expiresAt, now))
        .returning({ state: ssoStates.state });
      return rows.length;
    },
  };
}

export type SsoRepository = ReturnType<typeof createSsoRepository>;
