import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
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
  serviceAccounts,
  users,
  variables,
  workspaceHolidays,
  workspaces,
  auditEvents,
} from '../../db/schema';
import { pageOffset } from '../../lib/list-query';

/** A security event as the log keeps it: a row of the audit log (docs/adr/0107). */
export interface SecurityEventRow {
  id: number;
  kind: SecurityEventKind;
  workspaceId: string | null;
  userId: string | null;
  resource: string;
  detail: string;
  createdAt: Date;
  /** The caller's address, when a request made the event. */
  ip?: string | null;
}
export type NewSecurityEvent = Omit<SecurityEventRow, 'id'>;

const security = eq(auditEvents.category, 'security');

/** The resources whose 404 may hide another workspace's row (docs/adr/0021). */
const ownedTables = {
  flow: { table: flows, id: flows.id, workspaceId: flows.workspaceId },
  variable: { table: variables, id: variables.id, workspaceId: variables.workspaceId },
  holiday: {
    table: workspaceHolidays,
    id: workspaceHolidays.id,
    workspaceId: workspaceHolidays.workspaceId,
  },
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
      if (!rows.length) return;
      await db
        .insert(auditEvents)
        .values(
          rows.map(({ kind, ...row }) => ({ ...row, category: 'security' as const, action: kind })),
        );
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
      const conditions: SQL[] = [eq(auditEvents.workspaceId, workspaceId), security];
      if (query.kind) conditions.push(eq(auditEvents.action, query.kind));
      const where = and(...conditions)!;
      const [counted] = await db.select({ total: count() }).from(auditEvents).where(where);
      const total = counted?.total ?? 0;
      const rows = await db
        .select({
          event: {
            id: auditEvents.id,
            kind: sql<SecurityEventKind>`${auditEvents.action}`,
            workspaceId: auditEvents.workspaceId,
            userId: auditEvents.userId,
            resource: auditEvents.resource,
            detail: auditEvents.detail,
            createdAt: auditEvents.createdAt,
          },
          userName: users.name,
          userEmail: users.email,
        })
        .from(auditEvents)
        .leftJoin(users, and(eq(users.id, auditEvents.userId), eq(users.customerId, customerId)))
        .where(where)
        .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
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
  };
}
