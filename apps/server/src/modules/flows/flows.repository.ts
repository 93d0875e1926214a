import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, getTableColumns, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { customers, flows, groups, workspaces } from '../../db/schema';
import { containsFolded, pageOffset } from '../../lib/list-query';

export type FlowRow = typeof flows.$inferSelect;
export type FlowWrite = Omit<typeof flows.$inferInsert, 'id' | 'workspaceId' | 'createdAt'>;

export interface FlowListOptions {
  page: number;
  limit: number;
  query?: string | undefined;
  status: 'all' | 'enabled' | 'disabled';
  /** A group id, or 'none' for flows without a group. */
  group?: string | undefined;
  withData: boolean;
  withThumbnail: boolean;
}

/** Every call takes the workspace of the session; no query leaves it. */
export function createFlowsRepository(db: Database) {
  const scoped = (workspaceId: string, id: string) =>
    and(eq(flows.workspaceId, workspaceId), eq(flows.id, id));

  return {
    async list(workspaceId: string, options: FlowListOptions) {
      const conditions: SQL[] = [eq(flows.workspaceId, workspaceId)];
      if (options.query) conditions.push(containsFolded(flows.name, options.query));
      if (options.status !== 'all')
        conditions.push(eq(flows.enabled, options.status === 'enabled'));
      if (options.group === 'none') conditions.push(isNull(flows.groupId));
      else if (options.group) conditions.push(eq(flows.groupId, options.group));
      const where = and(...conditions);
      const [counted] = await db.select({ total: count() }).from(flows).where(where);
      const total = counted?.total ?? 0;
      const { data, thumbnailData, ...light } = getTableColumns(flows);
      const columns = {
        ...light,
        ...(options.withData ? { data } : {}),
        ...(options.withThumbnail ? { thumbnailData } : {}),
      };
      const items = await db
        .select(columns)
        .from(flows)
        .where(where)
        .orderBy(desc(flows.updatedAt), desc(flows.id))
        .limit(options.limit)
        .offset(pageOffset(options.page, options.limit, total));
      return { items: items as (Partial<FlowRow> & Pick<FlowRow, 'id'>)[], total };
    },

    async find(workspaceId: string, id: string): Promise<FlowRow | null> {
      const [row] = await db.select().from(flows).where(scoped(workspaceId, id));
      return row ?? null;
    },

    /** Names of the workspace's flows among `ids` (monitoring lists); a removed flow is absent. */
    async names(workspaceId: string, ids: string[]): Promise<Map<string, string>> {
      if (!ids.length) return new Map();
      const rows = await db
        .select({ id: flows.id, name: flows.name })
        .from(flows)
        .where(and(eq(flows.workspaceId, workspaceId), inArray(flows.id, [...new Set(ids)])));
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    /** The enabled flows of the workspace (error flows, engine restart). */
    async listEnabled(workspaceId: string): Promise<FlowRow[]> {
      return db
        .select()
        .from(flows)
        .where(and(eq(flows.workspaceId, workspaceId), eq(flows.enabled, true)));
    },

    /**
     * The enabled flows of every workspace, read once when the process starts to arm their
     * triggers: the only read that crosses workspaces.
     */
    async listTriggers(): Promise<FlowRow[]> {
      return db.select().from(flows).where(eq(flows.enabled, true));
    },

    async create(workspaceId: string, values: FlowWrite, now: Date): Promise<FlowRow> {
      const [row] = await db
        .insert(flows)
        .values({ ...values, id: randomUUID(), workspaceId, createdAt: now, updatedAt: now })
        .returning();
      return row!;
    },

    async update(workspaceId: string, id: string, values: Partial<FlowWrite>, now: Date) {
      const [row] = await db
        .update(flows)
        .set({ ...values, updatedAt: now })
        .where(scoped(workspaceId, id))
        .returning();
      return row ?? null;
    },

    async remove(workspaceId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(flows)
        .where(scoped(workspaceId, id))
        .returning({ id: flows.id });
      return rows.length > 0;
    },

    async groupExists(workspaceId: string, groupId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: groups.id })
        .from(groups)
        .where(and(eq(groups.workspaceId, workspaceId), eq(groups.id, groupId)));
      return Boolean(row);
    },

    /** The customer's Action/Trigger limit per flow (spec 1 §6). */
    async nodeLimit(workspaceId: string): Promise<number | null> {
      const [row] = await db
        .select({ config: customers.config })
        .from(workspaces)
        .innerJoin(customers, eq(customers.id, workspaces.customerId))
        .where(eq(workspaces.id, workspaceId));
      return row?.config.node_limit ?? null;
    },
  };
}

export type FlowsRepository = ReturnType<typeof createFlowsRepository>;
