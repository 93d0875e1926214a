import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { groups } from '../../db/schema';
import { withinGroups, type GroupLimit } from '../../lib/group-access/group-scope';
import { containsFolded, pageOffset } from '../../lib/list-query';

export type GroupRow = typeof groups.$inferSelect;

export interface ListOptions {
  page: number;
  limit: number;
  query?: string | undefined;
  /** The caller's groups when they are limited to some (docs/adr/0109): only those. */
  within?: GroupLimit;
}

/** Every call takes the workspace of the session; no query leaves it. */
export function createGroupsRepository(db: Database) {
  const scoped = (workspaceId: string, id: string) =>
    and(eq(groups.workspaceId, workspaceId), eq(groups.id, id));

  return {
    async list(workspaceId: string, { page, limit, query, within }: ListOptions) {
      const conditions: (SQL | undefined)[] = [
        eq(groups.workspaceId, workspaceId),
        withinGroups(groups.id, within),
      ];
      if (query) conditions.push(containsFolded(groups.name, query));
      const where = and(...conditions);
      const [counted] = await db.select({ total: count() }).from(groups).where(where);
      const total = counted?.total ?? 0;
      const items = await db
        .select()
        .from(groups)
        .where(where)
        .orderBy(asc(sql`lower(${groups.name})`), asc(groups.id))
        .limit(limit)
        .offset(pageOffset(page, limit, total));
      return { items, total };
    },

    async find(workspaceId: string, id: string): Promise<GroupRow | null> {
      const [row] = await db.select().from(groups).where(scoped(workspaceId, id));
      return row ?? null;
    },

    async create(workspaceId: string, name: string, now: Date): Promise<GroupRow> {
      const [row] = await db
        .insert(groups)
        .values({ id: randomUUID(), workspaceId, name, createdAt: now, updatedAt: now })
        .returning();
      return row!;
    },

    async update(workspaceId: string, id: string, name: string, now: Date) {
      const [row] = await db
        .update(groups)
        .set({ name, updatedAt: now })
        .where(scoped(workspaceId, id))
        .returning();
      return row ?? null;
    },

    async remove(workspaceId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(groups)
        .where(scoped(workspaceId, id))
        .returning({ id: groups.id });
      return rows.length > 0;
    },
  };
}
