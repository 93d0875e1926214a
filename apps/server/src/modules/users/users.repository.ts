import type { Role } from '@ponte/shared/roles';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { customers, memberships, users } from '../../db/schema';

export function createUsersRepository(db: Database) {
  return {
    async findWithCustomer(userId: string) {
      const [row] = await db
        .select({
          id: users.id,
          email: users.email,
          name: users.name,
          isOwner: users.isOwner,
          customerId: customers.id,
          customerName: customers.name,
          customerConfig: customers.config,
        })
        .from(users)
        .innerJoin(customers, eq(customers.id, users.customerId))
        .where(eq(users.id, userId));
      return row ?? null;
    },

    /** A user's name (the author of a version, docs/adr/0103); null when there is none. */
    async nameOf(userId: string): Promise<string | null> {
      const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
      return row?.name ?? null;
    },

    async passwordHashOf(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, userId));
      return row?.passwordHash ?? null;
    },

    async updateName(userId: string, name: string, now: Date): Promise<void> {
      await db.update(users).set({ name, updatedAt: now }).where(eq(users.id, userId));
    },

    async updatePassword(userId: string, passwordHash: string, now: Date): Promise<void> {
      await db
        .update(users)
        .set({ passwordHash, passwordChangedAt: now, updatedAt: now })
        .where(eq(users.id, userId));
    },

    /** A user of the customer who joins one workspace. Call inside a transaction. */
    async createMember(input: {
      customerId: string;
      workspaceId: string;
      name: string;
      email: string;
      passwordHash: string;
      role: Role;
      /** The groups the member is limited to (docs/adr/0109); absent: every group. */
      groupIds?: string[] | null;
      now: Date;
    }) {
      const id = randomUUID();
      const { now } = input;
      await db.insert(users).values({
        id,
        customerId: input.customerId,
        email: input.email,
        name: input.name,
        passwordHash: input.passwordHash,
        passwordChangedAt: now,
        createdAt: now,
        updatedAt: now,
      });
      await db.insert(memberships).values({
        userId: id,
        workspaceId: input.workspaceId,
        role: input.role,
        groupIds: input.groupIds ?? null,
        createdAt: now,
      });
      return { _id: id, name: input.name, email: input.email };
    },
  };
}
