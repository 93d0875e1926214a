import { and, asc, eq, sql } from 'drizzle-orm';
import type { Role } from '@ponte/shared/roles';
import type { Database } from '../../db/client';
import { memberships, users } from '../../db/schema';

export interface MemberRow {
  userId: string;
  name: string;
  email: string;
  role: Role;
  groupIds: string[] | null;
  createdAt: Date;
}

const ownersFirst = sql`case when ${memberships.role} = 'owner' then 0 else 1 end`;

/** Every call takes the workspace of the session; no query leaves it. */
export function createMembersRepository(db: Database) {
  const scoped = (workspaceId: string, userId: string) =>
    and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId));
  const columns = {
    userId: memberships.userId,
    name: users.name,
    email: users.email,
    role: memberships.role,
    groupIds: memberships.groupIds,
    createdAt: memberships.createdAt,
  };

  return {
    async list(workspaceId: string): Promise<MemberRow[]> {
      return db
        .select(columns)
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(eq(memberships.workspaceId, workspaceId))
        .orderBy(ownersFirst, asc(sql`lower(${users.name})`), asc(users.email));
    },

    /** The member, locked until the transaction ends. */
    async findForUpdate(workspaceId: string, userId: string): Promise<MemberRow | null> {
      const [row] = await db
        .select(columns)
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(scoped(workspaceId, userId))
        .for('update', { of: memberships });
      return row ?? null;
    },

    /**
     * How many owners the workspace has, their rows locked in one order until the transaction
     * ends: of two changes that would each leave one owner, the second sees the first's.
     */
    async lockOwners(workspaceId: string): Promise<number> {
      const rows = await db
        .select({ userId: memberships.userId })
        .from(memberships)
        .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.role, 'owner')))
        .orderBy(memberships.userId)
        .for('update');
      return rows.length;
    },

    /** Makes the user a member with `role`; false when they already were. */
    async add(
      workspaceId: string,
      userId: string,
      role: Role,
      now: Date,
      groupIds: string[] | null = null,
    ): Promise<boolean> {
      const rows = await db
        .insert(memberships)
        .values({ userId, workspaceId, role, groupIds, createdAt: now })
        .onConflictDoNothing()
        .returning({ userId: memberships.userId });
      return rows.length > 0;
    },

    /** The role, and the groups the member is limited to (null: every group). */
    async setRole(
      workspaceId: string,
      userId: string,
      role: Role,
      groupIds: string[] | null,
    ): Promise<void> {
      await db.update(memberships).set({ role, groupIds }).where(scoped(workspaceId, userId));
    },

    async remove(workspaceId: string, userId: string): Promise<void> {
      await db.delete(memberships).where(scoped(workspaceId, userId));
    },
  };
}

export type MembersRepository = ReturnType<typeof createMembersRepository>;
