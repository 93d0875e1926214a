import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { memberships, workspaces } from '../../db/schema';

export function createWorkspacesRepository(db: Database) {
  return {
    async findById(workspaceId: string) {
      const [row] = await db
        .select({ id: workspaces.id, name: workspaces.name, engineUrl: workspaces.engineUrl })
        .from(workspaces)
        .where(eq(workspaces.id, workspaceId));
      return row ?? null;
    },

    /** The workspace's 'Orçamento mensal de tokens de IA' (null: no limit, or no workspace). */
    async aiTokenBudget(workspaceId: string): Promise<number | null> {
      const [row] = await db
        .select({ budget: workspaces.aiTokenBudget })
        .from(workspaces)
        .where(eq(workspaces.id, workspaceId));
      return row?.budget ?? null;
    },

    async setAiTokenBudget(workspaceId: string, budget: number | null, now: Date) {
      await db
        .update(workspaces)
        .set({ aiTokenBudget: budget, updatedAt: now })
        .where(eq(workspaces.id, workspaceId));
    },

    /** Workspaces whose id or name (any case) is `ref`: the `--workspace` of the ponte command. */
    async findByIdOrName(ref: string) {
      return db
        .select({ id: workspaces.id, name: workspaces.name, customerId: workspaces.customerId })
        .from(workspaces)
        .where(sql`${workspaces.id} = ${ref} or lower(${workspaces.name}) = lower(${ref})`);
    },

    async listForUser(userId: string) {
      return db
        .select({ id: workspaces.id, name: workspaces.name })
        .from(workspaces)
        .innerJoin(memberships, eq(memberships.workspaceId, workspaces.id))
        .where(eq(memberships.userId, userId))
        .orderBy(asc(sql`lower(${workspaces.name})`), asc(workspaces.id));
    },

    async isMember(userId: string, workspaceId: string): Promise<boolean> {
      const [row] = await db
        .select({ userId: memberships.userId })
        .from(memberships)
        .where(and(eq(memberships.userId, userId), eq(memberships.workspaceId, workspaceId)));
      return row !== undefined;
    },

    /** A workspace of the customer with its creator as member. Call inside a transaction. */
    async create(customerId: string, name: string, creatorId: string, now: Date) {
      const id = randomUUID();
      await db.insert(workspaces).values({ id, customerId, name, createdAt: now, updatedAt: now });
      await db
        .insert(memberships)
        .values({ userId: creatorId, workspaceId: id, role: 'owner', createdAt: now });
      return { _id: id, name };
    },
  };
}
