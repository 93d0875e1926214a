import { randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { customers, flows, workspaces } from '../../db/schema';
import {
  createNamedTable,
  newestFirst,
  type Db,
  type NamedListOptions,
} from '../../lib/named-resource/named-table';

export type FlowRow = typeof flows.$inferSelect;
export type FlowWrite = Omit<typeof flows.$inferInsert, 'id' | 'workspaceId' | 'createdAt'>;

export interface FlowListOptions extends NamedListOptions {
  status: 'all' | 'enabled' | 'disabled';
  withData: boolean;
  withThumbnail: boolean;
}

/** Every call takes the workspace of the session; no query leaves it. */
export function createFlowsRepository(db: Database) {
  const named = createNamedTable(db, flows);

  return {
    /** A page, the newest update first; `status` filters on `enabled`. */
    async list(workspaceId: string, options: FlowListOptions) {
      const own: SQL[] = [];
      if (options.status !== 'all') own.push(eq(flows.enabled, options.status === 'enabled'));
      const { data, thumbnailData, ...light } = getTableColumns(flows);
      const columns = {
        ...light,
        ...(options.withData ? { data } : {}),
        ...(options.withThumbnail ? { thumbnailData } : {}),
      };
      const query = db.select(columns).from(flows).$dynamic();
      const { items, total } = await named.page(
        workspaceId,
        options,
        query,
        newestFirst(flows),
        ...own,
      );
      return { items: items as (Partial<FlowRow> & Pick<FlowRow, 'id'>)[], total };
    },

    find: (workspaceId: string, id: string) => named.find(workspaceId, id),

    /** Names of the workspace's flows among `ids` (monitoring lists); a removed flow is absent. */
    async names(workspaceId: string, ids: string[]): Promise<Map<string, string>> {
      if (!ids.length) return new Map();
      const rows = await db
        .select({ id: flows.id, name: flows.name })
        .from(flows)
        .where(and(eq(flows.workspaceId, workspaceId), inArray(flows.id, [...new Set(ids)])));
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    /** Every flow name of the workspace (an import names its flows apart from them). */
    async allNames(workspaceId: string): Promise<string[]> {
      const rows = await db
        .select({ name: flows.name })
        .from(flows)
        .where(eq(flows.workspaceId, workspaceId));
      return rows.map((row) => row.name);
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

    async create(workspaceId: string, values: FlowWrite, now: Date, tx: Db = db): Promise<FlowRow> {
      const [row] = await tx
        .insert(flows)
        .values({ ...values, id: randomUUID(), workspaceId, createdAt: now, updatedAt: now })
        .returning();
      return row!;
    },

    /** Saves the values only while the flow is at `version`, moving it to the next one. */
    updateVersion: (
      workspaceId: string,
      id: string,
      version: number,
      values: Partial<FlowWrite>,
      now: Date,
      tx?: Db,
    ) => named.updateVersion(workspaceId, id, version, { ...values, updatedAt: now }, tx),

    remove: (workspaceId: string, id: string) => named.remove(workspaceId, id),
    groupExists: named.groupExists,

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
