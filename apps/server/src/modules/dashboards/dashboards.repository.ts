import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dashboards } from '../../db/schema';
import {
  byName,
  createNamedTable,
  type Db,
  type NamedListOptions,
} from '../../lib/named-resource/named-table';

export type DashboardRow = typeof dashboards.$inferSelect;
export type DashboardValues = Omit<typeof dashboards.$inferInsert, 'id' | 'workspaceId'>;

export type DashboardListOptions = NamedListOptions;

/** Every call takes the workspace of the session; no query leaves it. */
export function createDashboardsRepository(db: Database) {
  const named = createNamedTable(db, dashboards);

  return {
    /** A page by name (ignoring case), like the other lists of the workspace. */
    async list(workspaceId: string, options: DashboardListOptions) {
      const query = db
        .select({
          id: dashboards.id,
          workspaceId: dashboards.workspaceId,
          groupId: dashboards.groupId,
          name: dashboards.name,
          version: dashboards.version,
          createdAt: dashboards.createdAt,
          updatedAt: dashboards.updatedAt,
          widgetCount: sql<number>`jsonb_array_length(${dashboards.widgets})::int`,
        })
        .from(dashboards)
        .$dynamic();
      return named.page(workspaceId, options, query, byName(dashboards));
    },

    find: (workspaceId: string, id: string) => named.find(workspaceId, id),

    groupExists: named.groupExists,

    insert: (id: string, workspaceId: string, values: DashboardValues, tx?: Db) =>
      named.insert({ ...values, id, workspaceId }, tx),

    /** Saves the values only while the dashboard is at `version`, moving it to the next one. */
    updateVersion: (
      workspaceId: string,
      id: string,
      version: number,
      values: Partial<DashboardValues>,
      tx?: Db,
    ) => named.updateVersion(workspaceId, id, version, values, tx),

    remove: (workspaceId: string, id: string) => named.remove(workspaceId, id),
  };
}

export type DashboardsRepository = ReturnType<typeof createDashboardsRepository>;
