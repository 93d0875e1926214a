import { and, asc, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dashboards, groups } from '../../db/schema';
import { containsFolded, pageOffset } from '../../lib/list-query';

export type DashboardRow = typeof dashboards.$inferSelect;
export type DashboardValues = Omit<typeof dashboards.$inferInsert, 'id' | 'workspaceId'>;

export interface DashboardListOptions {
  page: number;
  size: number;
  query?: string | undefined;
  /** A group id, or 'none' for dashboards without a group. */
  group?: string | undefined;
}

/** Every call takes the workspace of the session; no query leaves it. */
export function createDashboardsRepository(db: Database) {
  const scoped = (workspaceId: string, id: string) =>
    and(eq(dashboards.workspaceId, workspaceId), eq(dashboards.id, id));

  return {
    /** A page by name (ignoring case), like the other lists of the workspace. */
    async list(workspaceId: string, { page, size, query, group }: DashboardListOptions) {
      const conditions: (SQL | undefined)[] = [eq(dashboards.workspaceId, workspaceId)];
      if (query) conditions.push(containsFolded(dashboards.name, query));
      if (group === 'none') conditions.push(isNull(dashboards.groupId));
      else if (group) conditions.push(eq(dashboards.groupId, group));
      const where = and(...conditions);
      const [counted] = await db.select({ total: count() }).from(dashboards).where(where);
      const total = counted?.total ?? 0;
      const items = await db
        .select({
          id: dashboards.id,
          workspaceId: dashboards.workspaceId,
          groupId: dashboards.groupId,
          name: dashboards.name,
          createdAt: dashboards.createdAt,
          updatedAt: dashboards.updatedAt,
          widgetCount: sql<number>`jsonb_array_length(${dashboards.widgets})::int`,
        })
        .from(dashboards)
        .where(where)
        .orderBy(asc(sql`lower(${dashboards.name})`), asc(dashboards.id))
        .limit(size)
        .offset(pageOffset(page, size, total));
      return { items, total };
    },

    async find(workspaceId: string, id: string): Promise<DashboardRow | null> {
      const [row] = await db.select().from(dashboards).where(scoped(workspaceId, id));
      return row ?? null;
    },

    async groupExists(workspaceId: string, groupId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: groups.id })
        .from(groups)
        .where(and(eq(groups.workspaceId, workspaceId), eq(groups.id, groupId)));
      return Boolean(row);
    },

    async insert(id: string, workspaceId: string, values: DashboardValues): Promise<DashboardRow> {
      const [row] = await db
        .insert(dashboards)
        .values({ ...values, id, workspaceId })
        .returning();
      return row!;
    },

    async update(
      workspaceId: string,
      id: string,
      values: Partial<DashboardValues>,
    ): Promise<DashboardRow | null> {
      const [row] = await db
        .update(dashboards)
        .set(values)
        .where(scoped(workspaceId, id))
        .returning();
      return row ?? null;
    },

    async remove(workspaceId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(dashboards)
        .where(scoped(workspaceId, id))
        .returning({ id: dashboards.id });
      return rows.length > 0;
    },
  };
}

export type DashboardsRepository = ReturnType<typeof createDashboardsRepository>;
