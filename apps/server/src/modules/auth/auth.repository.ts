import { randomUUID } from 'node:crypto';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Role } from '@ponte/shared/roles';
import type { Database } from '../../db/client';
import { customers, memberships, sessions, users, workspaces } from '../../db/schema';

export interface NewAccount {
  customerName: string;
  workspaceName: string;
  userName: string;
  email: string;
  passwordHash: string;
}

export interface SessionRow {
  userId: string;
  customerId: string;
  isOwner: boolean;
  role: Role;
  groupIds: string[] | null;
  expiresAt: Date;
}

/** Any number, as long as nothing else takes the same advisory lock. */
const firstAccountLockId = 7_311_001;

export function createAuthRepository(db: Database) {
  return {
    async countUsers(): Promise<number> {
      const [row] = await db.select({ total: count() }).from(users);
      return row?.total ?? 0;
    },

    /** Serialises first-account creation until the surrounding transaction ends. */
    async lockFirstAccount(): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(${firstAccountLockId})`);
    },

    async findUserByEmail(email: string) {
      const [row] = await db
        .select({ id: users.id, passwordHash: users.passwordHash, isOwner: users.isOwner })
        .from(users)
        .where(eq(users.email, email));
      return row ?? null;
    },

    /** The first workspace the user joined: where a sign-in lands. */
    async firstWorkspaceOf(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ workspaceId: memberships.workspaceId })
        .from(memberships)
        .where(eq(memberships.userId, userId))
        .orderBy(memberships.createdAt, memberships.workspaceId)
        .limit(1);
      return row?.workspaceId ?? null;
    },

    /**
     * The open session `sessionId` of the user in the workspace, with the user and their
     * membership, in one query: null once the session is revoked or expired, or the user left.
     */
    async findSession(
      sessionId: string,
      userId: string,
      workspaceId: string,
      now: Date,
    ): Promise<SessionRow | null> {
      const [row] = await db
        .select({
          userId: users.id,
          customerId: users.customerId,
          isOwner: users.isOwner,
          role: memberships.role,
          groupIds: memberships.groupIds,
          expiresAt: sessions.expiresAt,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .innerJoin(
          memberships,
          and(eq(memberships.userId, users.id), eq(memberships.workspaceId, workspaceId)),
        )
        .where(
          and(
            eq(sessions.id, sessionId),
            eq(sessions.userId, userId),
            eq(sessions.workspaceId, workspaceId),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, now),
          ),
        );
      return row ?? null;
    },

    /** Customer, owner, workspace and membership. Call inside a transaction. */
    async createOwnerAccount(account: NewAccount, now: Date) {
      const customerId = randomUUID();
      const userId = randomUUID();
      const workspaceId = randomUUID();
      const times = { createdAt: now, updatedAt: now };
      await db.insert(customers).values({ id: customerId, name: account.customerName, ...times });
      await db.insert(users).values({
        id: userId,
        customerId,
        email: account.email,
        name: account.userName,
        passwordHash: account.passwordHash,
        isOwner: true,
        passwordChangedAt: now,
        ...times,
      });
      await db
        .insert(workspaces)
        .values({ id: workspaceId, customerId, name: account.workspaceName, ...times });
      await db.insert(memberships).values({ userId, workspaceId, role: 'owner', createdAt: now });
      return { customerId, userId, workspaceId };
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
