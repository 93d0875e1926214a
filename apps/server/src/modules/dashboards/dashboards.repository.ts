import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dashboards } from '../../db/schema';
import {
  byName,
  createNamedTable,
  type NamedListOptions,
} from '../../lib/named-resource/named-table';

export type DashboardRow = typeof dashboards.$inferSelect;
export type DashboardValues = Omit<typeof dashboards.$inferInsert, 'id' | 'workspaceId'>;

export type DashboardListOptions = NamedListOptions;

/** Every call takes the workspace of the session; no query leaves it. */
export function createDashboardsRepository(db: Database) {
  const named = createNamedTable(db, dashboards);
  const { scoped } = named;

  return {
    /** A page by name (ignoring case), like the other lists of the workspace. */
    async list(workspaceId: string, options: DashboardListOptions) {
      const read = (where: SQL | undefined, limit: number, offset: number) =>
        db
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
          .orderBy(...byName(dashboards))
          .limit(limit)
          .offset(offset);
      return named.page(workspaceId, options, read);
    },

    async find(workspaceId: string, id: string): Promise<DashboardRow | null> {
      const [row] = await db.select().from(dashboards).where(scoped(workspaceId, id));
      return row ?? null;
    },

    groupExists: named.groupExists,

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

    remove: (workspaceId: string, id: string) => named.remove(workspaceId, id),
  };
}

export type DashboardsRepository = ReturnType<typeof createDashboardsRepository>;
