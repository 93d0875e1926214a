import { inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { flows } from '../../db/schema';

/**
 * The groups a caller is limited to (docs/adr/0109), as `AuthContext.groupIds` holds them;
 * undefined: every group.
 */
export type GroupLimit = readonly string[] | undefined;

/** The rows whose group is one of the caller's (a row without a group is not); none when unlimited. */
export function withinGroups(column: PgColumn, limit: GroupLimit): SQL | undefined {
  if (!limit) return undefined;
  return limit.length ? inArray(column, [...limit]) : sql`false`;
}

/** The rows of a flow in the caller's groups: executions, logs and approvals by their flow id. */
export function ofFlowsWithin(flowColumn: PgColumn, limit: GroupLimit): SQL | undefined {
  const within = withinGroups(flows.groupId, limit);
  if (!within) return undefined;
  return sql`${flowColumn} in (select ${flows.id} from ${flows} where ${within})`;
}

/** Whether a row in `groupId` is within the limit (a row without a group is not). */
export const groupAllowed = (limit: GroupLimit, groupId: string | null) =>
  !limit || (groupId !== null && limit.includes(groupId));
