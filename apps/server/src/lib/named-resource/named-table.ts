import { and, asc, count, desc, eq, getTableName, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { groups, workspaces } from '../../db/schema';
import { withinGroups, type GroupLimit } from '../group-access/group-scope';
import { containsFolded, pageOffset } from '../list-query';

/** A table of named workspace resources: a flow, a form, a queue, a dashboard… */
export type NamedTable = PgTable & {
  id: PgColumn;
  workspaceId: PgColumn;
  name: PgColumn;
  groupId: PgColumn;
  updatedAt: PgColumn;
};

/** The database or a transaction of it. */
export type Db = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

/** What every list of named resources takes: a page, a search, a group. */
export interface NamedListOptions {
  page: number;
  size: number;
  /** Searched in the name, case and accents aside; `%` and `_` match themselves. */
  query?: string | undefined;
  /** A group id, or 'none' for the resources without a group. */
  group?: string | undefined;
  /** The caller's groups when they are limited to some (docs/adr/0109): the list holds only theirs. */
  within?: GroupLimit;
}

/** What a list route adds to the query: the caller's groups when limited (docs/adr/0109). */
export interface WithinGroups {
  within?: GroupLimit;
}

/** A list query as the API takes it (`page`, `limit`, `query`, `group`), as `page` reads it. */
export const listOptionsOf = (
  query: {
    page: number;
    limit: number;
    query?: string | undefined;
    group?: string | undefined;
  } & WithinGroups,
): NamedListOptions => ({
  page: query.page,
  size: query.limit,
  query: query.query,
  group: query.group,
  within: query.within,
});

/** The list orders of the named lists: by name (ignoring case), or the newest update first. */
export const byName = (table: NamedTable) => [asc(sql`lower(${table.name})`), asc(table.id)];
export const newestFirst = (table: NamedTable) => [desc(table.updatedAt), desc(table.id)];

/** Whether the workspace has that group. */
export async function groupExists(db: Db, workspaceId: string, groupId: string) {
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.workspaceId, workspaceId), eq(groups.id, groupId)));
  return Boolean(row);
}

/** The customer that owns the workspace (stamped on the rows of tables and queues). */
export async function customerOf(db: Db, workspaceId: string): Promise<string> {
  const [row] = await db
    .select({ customerId: workspaces.customerId })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row?.customerId ?? '';
}

/**
 * What the repositories of named workspace resources share. Every query is scoped to the
 * workspace, and to `visible` when told (custom connectors hide removed ones).
 */
export function createNamedTable<T extends NamedTable>(db: Database, table: T, visible?: SQL) {
  type Row = T['$inferSelect'];
  type Values = T['$inferInsert'];
  // Drizzle cannot type a query over a table it only knows as generic: the rows and the values
  // are the table's own, given back as `Row` and taken as `Values`.
  const any = table as PgTable;
  const inWorkspace = (workspaceId: string) => and(eq(table.workspaceId, workspaceId), visible);
  const scoped = (workspaceId: string, id: string) =>
    and(inWorkspace(workspaceId), eq(table.id, id));

  /** The search and the group filter of a list, with the area's own conditions. */
  function listWhere(workspaceId: string, options: NamedListOptions, ...own: SQL[]) {
    const conditions: (SQL | undefined)[] = [inWorkspace(workspaceId), ...own];
    if (options.query) conditions.push(containsFolded(table.name, options.query));
    conditions.push(withinGroups(table.groupId, options.within));
    if (options.group === 'none') conditions.push(isNull(table.groupId));
    else if (options.group) conditions.push(eq(table.groupId, options.group));
    return and(...conditions);
  }

  return {
    inWorkspace,
    scoped,

    /**
     * A page of the list and the total it is a page of; a page past the end shows the last
     * one. `query` is the area's select of the table (`$dynamic()`: its columns, its joins),
     * `order` the list's order, `own` the area's filters (a flow's status) beside the search
     * and the group.
     */
    async page<Q extends PgSelect>(
      workspaceId: string,
      options: NamedListOptions,
      query: Q,
      order: SQL[],
      ...own: SQL[]
    ): Promise<{ items: Awaited<Q>; total: number }> {
      const where = listWhere(workspaceId, options, ...own);
      const [counted] = await db.select({ total: count() }).from(any).where(where);
      const total = counted?.total ?? 0;
      const offset = pageOffset(options.page, options.size, total);
      const items = await query
        .where(where)
        .orderBy(...order)
        .limit(options.size)
        .offset(offset);
      return { items, total };
    },

    /** The row of that id in the workspace, or null. */
    async find(workspaceId: string, id: string, tx: Db = db): Promise<Row | null> {
      const [row] = await tx.select().from(any).where(scoped(workspaceId, id));
      return (row as Row | undefined) ?? null;
    },

    /** Writes a new row (the caller gives its id, workspace and times). */
    async insert(values: Values, tx: Db = db): Promise<Row> {
      const [row] = await tx.insert(any).values(values).returning();
      return row as Row;
    },

    /** Saves the values on the row of that id in the workspace; null when there is none. */
    async update(
      workspaceId: string,
      id: string,
      values: Partial<Values>,
      tx: Db = db,
    ): Promise<Row | null> {
      const [row] = await tx.update(any).set(values).where(scoped(workspaceId, id)).returning();
      return (row as Row | undefined) ?? null;
    },

    /**
     * Saves the values on the row only while it is still at `version`, and moves it to
     * `version + 1` (docs/adr/0103); null when it is not (another save came first) or absent.
     */
    async updateVersion(
      workspaceId: string,
      id: string,
      version: number,
      values: Partial<Values>,
      tx: Db = db,
    ): Promise<Row | null> {
      const column = (table as unknown as { version?: PgColumn }).version;
      if (!column) throw new Error(`${getTableName(any)} has no version column`);
      const [row] = await tx
        .update(any)
        .set({ ...values, version: version + 1 })
        .where(and(scoped(workspaceId, id), eq(column, version)))
        .returning();
      return (row as Row | undefined) ?? null;
    },

    groupExists: (workspaceId: string, groupId: string) => groupExists(db, workspaceId, groupId),

    /** Removes the row; false when the workspace has none of that id. */
    async remove(workspaceId: string, id: string, tx: Db = db): Promise<boolean> {
      const rows = await tx.delete(any).where(scoped(workspaceId, id)).returning({ id: table.id });
      return rows.length > 0;
    },
  };
}

export type NamedTableQueries = ReturnType<typeof createNamedTable>;
