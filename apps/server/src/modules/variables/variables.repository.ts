import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { variables } from '../../db/schema';
import { containsFolded, pageOffset } from '../../lib/list-query';

export type VariableRow = typeof variables.$inferSelect;

export interface VariableInput {
  name: string;
  key: string;
  value: string;
}

export interface ListOptions {
  page: number;
  limit: number;
  query?: string | undefined;
}

/** Every call takes the workspace of the session; no query leaves it. */
export function createVariablesRepository(db: Database) {
  const scoped = (workspaceId: string, id: string) =>
    and(eq(variables.workspaceId, workspaceId), eq(variables.id, id));

  return {
    async list(workspaceId: string, { page, limit, query }: ListOptions) {
      const conditions: (SQL | undefined)[] = [eq(variables.workspaceId, workspaceId)];
      if (query) {
        conditions.push(
          or(containsFolded(variables.name, query), containsFolded(variables.key, query)),
        );
      }
      const where = and(...conditions);
      const [counted] = await db.select({ total: count() }).from(variables).where(where);
      const total = counted?.total ?? 0;
      const items = await db
        .select()
        .from(variables)
        .where(where)
        .orderBy(asc(variables.key), asc(variables.id))
        .limit(limit)
        .offset(pageOffset(page, limit, total));
      return { items, total };
    },

    async find(workspaceId: string, id: string): Promise<VariableRow | null> {
      const [row] = await db.select().from(variables).where(scoped(workspaceId, id));
      return row ?? null;
    },

    async create(workspaceId: string, input: VariableInput, now: Date): Promise<VariableRow> {
      const [row] = await db
        .insert(variables)
        .values({ id: randomUUID(), workspaceId, ...input, createdAt: now, updatedAt: now })
        .returning();
      return row!;
    },

    async update(workspaceId: string, id: string, input: VariableInput, now: Date) {
      const [row] = await db
        .update(variables)
        .set({ ...input, updatedAt: now })
        .where(scoped(workspaceId, id))
        .returning();
      return row ?? null;
    },

    async remove(workspaceId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(variables)
        .where(scoped(workspaceId, id))
        .returning({ id: variables.id });
      return rows.length > 0;
    },
  };
}
