import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { groups } from '../../db/schema';
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
export type Db = Pick<Database, 'select' | 'delete'>;

/** What every list of named resources takes: a page, a search, a group. */
export interface NamedListOptions {
  page: number;
  size: number;
  /** Searched in the name, case and accents aside; `%` and `_` match themselves. */
  query?: string | undefined;
  /** A group id, or 'none' for the resources without a group. */
  group?: string | undefined;
}

/** Reads one page: the rows under `where`, in the area's order, `limit` from `offset`. */
export type PageRead<R> = (where: SQL | undefined, limit: number, offset: number) => Promise<R[]>;

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

/**
 * What the repositories of named workspace resources share. Every query is scoped to the
 * workspace, and to `visible` when told (custom connectors hide removed ones).
 */
export function createNamedTable<T extends NamedTable>(db: Database, table: T, visible?: SQL) {
  const inWorkspace = (workspaceId: string) => and(eq(table.workspaceId, workspaceId), visible);
  const scoped = (workspaceId: string, id: string) =>
    and(inWorkspace(workspaceId), eq(table.id, id));

  /** The search and the group filter of a list, with the area's own conditions. */
  function listWhere(workspaceId: string, options: NamedListOptions, ...own: SQL[]) {
    const conditions: (SQL | undefined)[] = [inWorkspace(workspaceId), ...own];
    if (options.query) conditions.push(containsFolded(table.name, options.query));
    if (options.group === 'none') conditions.push(isNull(table.groupId));
    else if (options.group) conditions.push(eq(table.groupId, options.group));
    return and(...conditions);
  }

  return {
    inWorkspace,
    scoped,

    /**
     * A page of the list and the total it is a page of; a page past the end shows the last
     * one. `own` adds the area's filters (a flow's status) to the search and the group.
     */
    async page<R>(
      workspaceId: string,
      options: NamedListOptions,
      read: PageRead<R>,
      ...own: SQL[]
    ) {
      const where = listWhere(workspaceId, options, ...own);
      const [counted] = await db
        .select({ total: count() })
        .from(table as PgTable)
        .where(where);
      const total = counted?.total ?? 0;
      const items = await read(where, options.size, pageOffset(options.page, options.size, total));
      return { items, total };
    },

    groupExists: (workspaceId: string, groupId: string) => groupExists(db, workspaceId, groupId),

    /** Removes the row; false when the workspace has none of that id. */
    async remove(workspaceId: string, id: string, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .delete(table as PgTable)
        .where(scoped(workspaceId, id))
        .returning({ id: table.id });
      return rows.length > 0;
    },
  };
}

export type NamedTableQueries = ReturnType<typeof createNamedTable>;
