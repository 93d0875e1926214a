import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { flows, groups, users, workspaces } from '../../db/schema';
import { pageOffset } from '../../lib/list-query';

/** What the register reads of a flow. */
export interface RegisterFlowRow {
  id: string;
  name: string;
  groupId: string | null;
  groupName: string | null;
  enabled: boolean;
  config: (typeof flows.$inferSelect)['config'];
  updatedAt: Date;
}

/**
 * A flow with no field of its register entry filled ('Sem registro'), read from the stored
 * JSON as `registerStatusOf` reads it: empty texts, no legal basis, no category.
 */
const withoutEntry: SQL = sql`(
  coalesce(btrim(${flows.config} #>> '{lgpd,purpose}'), '') = ''
  and coalesce(${flows.config} #>> '{lgpd,legal_basis}', '') = ''
  and coalesce(jsonb_array_length(case when jsonb_typeof(${flows.config} #> '{lgpd,data_categories}') = 'array'
    then ${flows.config} #> '{lgpd,data_categories}' end), 0) = 0
  and coalesce(btrim(${flows.config} #>> '{lgpd,retention_note}'), '') = ''
)`;

const columns = {
  id: flows.id,
  name: flows.name,
  groupId: flows.groupId,
  groupName: groups.name,
  enabled: flows.enabled,
  config: flows.config,
  updatedAt: flows.updatedAt,
};

/** Every call takes the workspace of the session; no query leaves it. */
export function createProcessingRegisterRepository(db: Database) {
  const whereOf = (workspaceId: string, missing: boolean) =>
    and(eq(flows.workspaceId, workspaceId), missing ? withoutEntry : undefined);

  const rows = (workspaceId: string, missing: boolean) =>
    db
      .select(columns)
      .from(flows)
      // The group of the same workspace only (a flow's group always is; the join says so).
      .leftJoin(groups, and(eq(groups.id, flows.groupId), eq(groups.workspaceId, workspaceId)))
      .where(whereOf(workspaceId, missing))
      .orderBy(sql`lower(${flows.name})`, asc(flows.id));

  return {
    /** A page of the workspace's flows by name (case aside), and how many there are. */
    async page(workspaceId: string, options: { page: number; limit: number; missing: boolean }) {
      const [counted] = await db
        .select({ total: count() })
        .from(flows)
        .where(whereOf(workspaceId, options.missing));
      const total = counted?.total ?? 0;
      const items: RegisterFlowRow[] = await rows(workspaceId, options.missing)
        .limit(options.limit)
        .offset(pageOffset(options.page, options.limit, total));
      return { items, total };
    },

    /** Every flow of the workspace by name, for the exports. */
    all(workspaceId: string, missing: boolean): Promise<RegisterFlowRow[]> {
      return rows(workspaceId, missing);
    },

    /** The workspace's name and the name of who asks, as the exports print them. */
    async names(workspaceId: string, userId: string) {
      const [workspace] = await db
        .select({ name: workspaces.name })
        .from(workspaces)
        .where(eq(workspaces.id, workspaceId));
      const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
      return { workspace: workspace?.name ?? '', user: user?.name ?? '' };
    },
  };
}

export type ProcessingRegisterRepository = ReturnType<typeof createProcessingRegisterRepository>;
