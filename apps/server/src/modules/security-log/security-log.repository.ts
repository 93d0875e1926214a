import { and, count, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { SecurityEventKind } from '@ponte/shared/security-log.schema';
import type { Database } from '../../db/client';
import {
  alertRules,
  customNodes,
  dashboards,
  dbRecords,
  dbTables,
  executions,
  flows,
  forms,
  groups,
  queues,
  securityEvents,
  serviceAccounts,
  users,
  variables,
  workspaces,
} from '../../db/schema';
import { pageOffset } from '../../lib/list-query';

export type SecurityEventRow = typeof securityEvents.$inferSelect;
export type NewSecurityEvent = Omit<SecurityEventRow, 'id'>;

/** The resources whose 404 may hide another workspace's row (docs/adr/0021). */
const ownedTables = {
  flow: { table: flows, id: flows.id, workspaceId: flows.workspaceId },
  variable: { table: variables, id: variables.id, workspaceId: variables.workspaceId },
  group: { table: groups, id: groups.id, workspaceId: groups.workspaceId },
  execution: { table: executions, id: executions.id, workspaceId: executions.workspaceId },
  workspace: { table: workspaces, id: workspaces.id, workspaceId: workspaces.id },
  db_table: { table: dbTables, id: dbTables.id, workspaceId: dbTables.workspaceId },
  db_record: { table: dbRecords, id: dbRecords.id, workspaceId: dbRecords.workspaceId },
  service_account: {
    table: serviceAccounts,
    id: serviceAccounts.id,
    workspaceId: serviceAccounts.workspaceId,
  },
  queue: { table: queues, id: queues.id, workspaceId: queues.workspaceId },
  form: { table: forms, id: forms.id, workspaceId: forms.workspaceId },
  custom_node: { table: customNodes, id: customNodes.id, workspaceId: customNodes.workspaceId },
  dashboard: { table: dashboards, id: dashboards.id, workspaceId: dashboards.workspaceId },
  alert_rule: { table: alertRules, id: alertRules.id, workspaceId: alertRules.workspaceId },
} as const;
export type OwnedResourceKind = keyof typeof ownedTables;

export function createSecurityLogRepository(db: Database) {
  return {
    /** One statement for the whole batch. */
    async insertMany(rows: NewSecurityEvent[]): Promise<void> {
      if (rows.length) await db.insert(securityEvents).values(rows);
    },

    /**
     * A page of one workspace's events, newest first, with the user's name and e-mail. The
     * user is shown only when they belong to the reader's customer.
     */
    async list(
      workspaceId: string,
      customerId: string,
      query: { page: number; limit: number; kind?: SecurityEventKind | undefined },
    ) {
      const conditions: SQL[] = [eq(securityEvents.workspaceId, workspaceId)];
      if (query.kind) conditions.push(eq(securityEvents.kind, query.kind));
      const where = and(...conditions)!;
      const [counted] = await db.select({ total: count() }).from(securityEvents).where(where);
      const total = counted?.total ?? 0;
      const rows = await db
        .select({
          event: securityEvents,
          userName: users.name,
          userEmail: users.email,
        })
        .from(securityEvents)
        .leftJoin(users, and(eq(users.id, securityEvents.userId), eq(users.customerId, customerId)))
        .where(where)
        .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
        .limit(query.limit)
        .offset(pageOffset(query.page, query.limit, total));
      return { rows, total };
    },

    /**
     * The one read that looks past the caller's workspace, and only to say yes or no: whether
     * `id` names a row of `kind` in a workspace other than `workspaceId`.
     */
    async existsElsewhere(kind: OwnedResourceKind, id: string, workspaceId: string) {
      const owned = ownedTables[kind];
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(owned.table)
        .where(and(eq(owned.id, id), sql`${owned.workspaceId} <> ${workspaceId}`))
        .limit(1);
      return row !== undefined;
    },

    /** Removes events written at or before `cutoff`, at most `batch` rows per statement. */
    async deleteOlderThan(cutoff: Date, batch = 5_000): Promise<number> {
      let removed = 0;
      for (;;) {
        const oldest = db
          .select({ id: securityEvents.id })
          .from(securityEvents)
          .where(lte(securityEvents.createdAt, cutoff))
          .limit(batch);
        const rows = await db
          .delete(securityEvents)
          .where(inArray(securityEvents.id, oldest))
          .returning({ id: securityEvents.id });
        removed += rows.length;
        if (rows.length < batch) return removed;
      }
    },
  };
}
