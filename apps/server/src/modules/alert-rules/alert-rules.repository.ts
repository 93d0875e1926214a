import { and, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { alertFirings, alertRules, flows, logs, queues, serviceAccounts } from '../../db/schema';
import {
  createNamedTable,
  newestFirst,
  type Db,
  type NamedListOptions,
} from '../../lib/named-resource/named-table';

export type AlertRuleRow = typeof alertRules.$inferSelect;
export type AlertRuleValues = Omit<typeof alertRules.$inferInsert, 'id' | 'workspaceId'>;
export type AlertFiringRow = typeof alertFirings.$inferSelect;

export type AlertRuleListOptions = NamedListOptions;

type OwnedTable = typeof flows | typeof queues;

/** Whether the workspace has a row of that id in the table. */
async function exists(db: Database, table: OwnedTable, workspaceId: string, id: string) {
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.workspaceId, workspaceId), eq(table.id, id)));
  return Boolean(row);
}

/** Every call takes the workspace of the session; no query leaves it. */
export function createAlertRulesRepository(db: Database) {
  const named = createNamedTable(db, alertRules);

  return {
    /** A page, the newest update first. */
    async list(workspaceId: string, options: AlertRuleListOptions) {
      const query = db.select().from(alertRules).$dynamic();
      return named.page(workspaceId, options, query, newestFirst(alertRules));
    },

    find: (workspaceId: string, id: string) => named.find(workspaceId, id),

    groupExists: named.groupExists,
    flowExists: (workspaceId: string, id: string) => exists(db, flows, workspaceId, id),
    queueExists: (workspaceId: string, id: string) => exists(db, queues, workspaceId, id),

    /** The service account's type, or null when the workspace has no such account. */
    async serviceAccountType(workspaceId: string, id: string): Promise<string | null> {
      const [row] = await db
        .select({ authType: serviceAccounts.authType })
        .from(serviceAccounts)
        .where(and(eq(serviceAccounts.workspaceId, workspaceId), eq(serviceAccounts.id, id)));
      return row?.authType ?? null;
    },

    insert: (id: string, workspaceId: string, values: AlertRuleValues, tx?: Db) =>
      named.insert({ ...values, id, workspaceId }, tx),

    /** Saves the values only while the rule is at `version`, moving it to the next one. */
    updateVersion: (
      workspaceId: string,
      id: string,
      version: number,
      values: Partial<AlertRuleValues>,
      tx?: Db,
    ) => named.updateVersion(workspaceId, id, version, values, tx),

    remove: (workspaceId: string, id: string) => named.remove(workspaceId, id),

    /** The rule's newest firings (the caller checked the rule is of the workspace). */
    firings(workspaceId: string, ruleId: string, limit: number): Promise<AlertFiringRow[]> {
      return db
        .select()
        .from(alertFirings)
        .where(and(eq(alertFirings.workspaceId, workspaceId), eq(alertFirings.ruleId, ruleId)))
        .orderBy(desc(alertFirings.openedAt), desc(alertFirings.createdAt), desc(alertFirings.id))
        .limit(limit);
    },

    /** The newest log lines a rule may see (no 'debug'), of one flow or of any, with its name. */
    newestLogs(workspaceId: string, flowId: string | null, limit: number) {
      const conditions: SQL[] = [eq(logs.workspaceId, workspaceId), ne(logs.type, 'debug')];
      if (flowId) conditions.push(eq(logs.flowId, flowId));
      return db
        .select({
          id: logs.id,
          flowId: logs.flowId,
          executionId: logs.executionId,
          type: logs.type,
          label: logs.label,
          message: logs.message,
          createdAt: logs.createdAt,
          flowName: flows.name,
        })
        .from(logs)
        .leftJoin(flows, and(eq(flows.id, logs.flowId), eq(flows.workspaceId, logs.workspaceId)))
        .where(and(...conditions))
        .orderBy(desc(logs.createdAt), desc(logs.id))
        .limit(limit);
    },
  };
}

export type AlertRulesRepository = ReturnType<typeof createAlertRulesRepository>;
