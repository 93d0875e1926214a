import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import {
  agentApprovals,
  alertRules,
  customNodes,
  dashboards,
  dbRecords,
  dbTables,
  executions,
  flows,
  forms,
  queues,
} from '../../db/schema';

/** What a route may name that lives in a group, directly or through its flow or table. */
export type GroupedKind =
  | 'flow'
  | 'form'
  | 'queue'
  | 'dashboard'
  | 'table'
  | 'customNode'
  | 'alertRule'
  | 'group'
  | 'execution'
  | 'approval'
  | 'record';

type Named = PgTable & { id: PgColumn; workspaceId: PgColumn; groupId: PgColumn; name: PgColumn };

const named: Record<Exclude<GroupedKind, 'group' | 'execution' | 'approval' | 'record'>, Named> = {
  flow: flows,
  form: forms,
  queue: queues,
  dashboard: dashboards,
  table: dbTables,
  customNode: customNodes,
  alertRule: alertRules,
};

/** Through which resource a kind without a group of its own finds one. */
const through = {
  execution: { table: executions, key: executions.flowId, parent: flows },
  approval: { table: agentApprovals, key: agentApprovals.flowId, parent: flows },
  record: { table: dbRecords, key: dbRecords.tableId, parent: dbTables },
} as const;

/** A table is named by its id or its name (the records' `table`), as the records routes take it. */
const refersTo = (table: Named, kind: GroupedKind, refs: string[]): SQL | undefined =>
  kind === 'table'
    ? or(
        inArray(table.id, refs),
        inArray(
          sql`lower(${table.name})`,
          refs.map((r) => r.toLowerCase()),
        ),
      )
    : inArray(table.id, refs);

/**
 * The groups of the workspace's resources a request names (docs/adr/0109), by one query per
 * kind: a resource of another workspace, or none of that id, is absent (the route answers its
 * 404). `null`: the resource has no group.
 */
export function createGroupLookup(db: Database) {
  return async function groupsOf(
    workspaceId: string,
    kind: Exclude<GroupedKind, 'group'>,
    refs: string[],
  ): Promise<(string | null)[]> {
    if (!refs.length) return [];
    if (kind in through) {
      const { table, key, parent } = through[kind as keyof typeof through];
      const rows = await db
        .select({ groupId: parent.groupId })
        .from(table)
        .innerJoin(parent, eq(parent.id, key))
        .where(and(eq(table.workspaceId, workspaceId), inArray(table.id, refs)));
      return rows.map((row) => row.groupId);
    }
    const table = named[kind as keyof typeof named];
    const rows = await db
      .select({ groupId: table.groupId })
      .from(table)
      .where(and(eq(table.workspaceId, workspaceId), refersTo(table, kind, refs)));
    return rows.map((row) => row.groupId as string | null);
  };
}

export type GroupLookup = ReturnType<typeof createGroupLookup>;
