import { and, asc, eq } from 'drizzle-orm';
import { errorCodes } from '@ponte/shared/errors';
import {
  retentionRulesMax,
  type RetentionApplyResult,
  type RetentionOverview,
  type RetentionRule,
  type RetentionRuleInput,
  type RetentionRunList,
  type RetentionTargets,
} from '@ponte/shared/lgpd/retention.schema';
import { messages } from '@ponte/shared/messages';
import { normaliseStoragePath } from '@ponte/shared/storage.schema';
import { dbTables, queues, type DbTableFieldRow } from '../../db/schema';
import { uniqueViolation } from '../../db/unique-violation';
import { AppError, conflict, invalidField, notFound } from '../../lib/app-error';
import { toIso } from '../../lib/list-query';
import { flowsWithOwnRetention } from './flow-retention';
import type { RetentionRuleRow, RetentionRunRow } from './retention.repository';
import { applyRule, dateFieldOf, type RuleRunnerDeps } from './retention-rules-runner';

const m = messages.retention;
const instanceVariable = 'PONTE_LOG_RETENTION_DAYS';

export interface RetentionServiceDeps extends RuleRunnerDeps {
  /** PONTE_LOG_RETENTION_DAYS. */
  instanceDays: number;
}

/** What a rule's target is called now, with its date field's label. */
interface TargetNames {
  tables: Map<string, { name: string; fields: DbTableFieldRow[] }>;
  queues: Map<string, string>;
}

function toRule(row: RetentionRuleRow, names: TargetNames): RetentionRule {
  const table = row.area === 'table' ? names.tables.get(row.target) : undefined;
  const name =
    row.area === 'table'
      ? (table?.name ?? null)
      : row.area === 'queue'
        ? (names.queues.get(row.target) ?? null)
        : row.target;
  const field = table && row.dateField ? dateFieldOf(table.fields, row.dateField) : null;
  return {
    _id: row.id,
    area: row.area,
    target: row.target,
    target_name: name,
    date_field: row.dateField,
    date_field_label: field?.label ?? null,
    days: row.days,
    created_at: toIso(row.createdAt),
    updated_at: toIso(row.updatedAt),
  };
}

const toRun = (row: RetentionRunRow) => ({
  _id: row.id,
  at: toIso(row.at),
  area: row.area,
  target_name: row.targetName,
  source: row.source,
  rule_id: row.ruleId,
  days: row.days,
  removed: row.removed,
  bytes: row.bytes,
  manual: row.manual,
});

/** The retention's screen and its rules, every call in the session's workspace. */
export function createRetentionService(deps: RetentionServiceDeps) {
  const { db, repository, now } = deps;
  const missing = () => notFound(m.notFound);

  async function targetNames(workspaceId: string): Promise<TargetNames> {
    const [tables, queueRows] = await Promise.all([
      db
        .select({ id: dbTables.id, name: dbTables.name, fields: dbTables.fields })
        .from(dbTables)
        .where(eq(dbTables.workspaceId, workspaceId))
        .orderBy(asc(dbTables.name)),
      db
        .select({ id: queues.id, name: queues.name })
        .from(queues)
        .where(eq(queues.workspaceId, workspaceId))
        .orderBy(asc(queues.name)),
    ]);
    return {
      tables: new Map(tables.map((t) => [t.id, { name: t.name, fields: t.fields }])),
      queues: new Map(queueRows.map((q) => [q.id, q.name])),
    };
  }

  /** Another workspace's table or queue answers 404 (and is noted); an unknown one 400. */
  async function foreignOr400(
    kind: 'db_table' | 'queue',
    id: string,
    message: string,
  ): Promise<never> {
    const table = kind === 'db_table' ? dbTables : queues;
    const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
    if (row) throw notFound(messages.generic.notFound, { kind, id });
    throw invalidField('target', message);
  }

  /** The body checked against the workspace: the target exists, the field is a date. */
  async function checked(
    workspaceId: string,
    input: RetentionRuleInput,
  ): Promise<RetentionRuleInput> {
    if (input.area !== 'table' && input.date_field)
      throw invalidField('date_field', m.fieldOnlyForTables);
    if (input.area === 'table') {
      const [table] = await db
        .select({ name: dbTables.name, fields: dbTables.fields })
        .from(dbTables)
        .where(and(eq(dbTables.workspaceId, workspaceId), eq(dbTables.id, input.target)));
      if (!table) return foreignOr400('db_table', input.target, m.tableUnknown);
      if (input.date_field && !dateFieldOf(table.fields, input.date_field)) {
        throw invalidField('date_field', m.fieldUnknown(table.name));
      }
      return input;
    }
    if (input.area === 'queue') {
      const [queue] = await db
        .select({ id: queues.id })
        .from(queues)
        .where(and(eq(queues.workspaceId, workspaceId), eq(queues.id, input.target)));
      if (!queue) return foreignOr400('queue', input.target, m.queueUnknown);
      return input;
    }
    let folder: string;
    try {
      folder = normaliseStoragePath(input.target);
    } catch (error) {
      throw invalidField('target', (error as Error).message);
    }
    const item = await deps.storage.stat(workspaceId, folder);
    if (!item?.isFolder) throw invalidField('target', m.folderUnknown(folder));
    return { ...input, target: folder, date_field: null };
  }

  async function oneTarget<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (uniqueViolation(error) === 'retention_rules_target_unique')
        throw conflict('target', m.targetTaken);
      throw error;
    }
  }

  const ruleOf = async (workspaceId: string, row: RetentionRuleRow) =>
    toRule(row, await targetNames(workspaceId));

  return {
    instance: () => ({ days: deps.instanceDays, variable: instanceVariable }),

    async overview(workspaceId: string): Promise<RetentionOverview> {
      const [flows, rules, names] = await Promise.all([
        flowsWithOwnRetention(db, workspaceId),
        repository.rules(workspaceId),
        targetNames(workspaceId),
      ]);
      return {
        instance_days: deps.instanceDays,
        instance_variable: instanceVariable,
        flows: flows.map((flow) => ({ _id: flow.id, name: flow.name, retention_days: flow.days })),
        rules: rules.map((row) => toRule(row, names)),
      };
    },

    async targets(workspaceId: string): Promise<RetentionTargets> {
      const names = await targetNames(workspaceId);
      return {
        tables: [...names.tables].map(([id, table]) => ({
          _id: id,
          name: table.name,
          date_fields: table.fields.flatMap((field) =>
            field.type === 'date' || field.type === 'datetime'
              ? [{ name: field.name, label: field.label, type: field.type }]
              : [],
          ),
        })),
        queues: [...names.queues].map(([id, name]) => ({ _id: id, name })),
      };
    },

    async create(workspaceId: string, body: RetentionRuleInput, by: string | null) {
      const input = await checked(workspaceId, body);
      if ((await repository.count(workspaceId)) >= retentionRulesMax) {
        throw new AppError(429, errorCodes.rateLimited, m.limitReached(retentionRulesMax));
      }
      const row = await oneTarget(() => repository.create(workspaceId, input, by, now()));
      return ruleOf(workspaceId, row);
    },

    async update(workspaceId: string, id: string, body: RetentionRuleInput, by: string | null) {
      if (!(await repository.find(workspaceId, id))) throw missing();
      const input = await checked(workspaceId, body);
      const row = await oneTarget(() => repository.update(workspaceId, id, input, by, now()));
      if (!row) throw missing();
      return ruleOf(workspaceId, row);
    },

    async remove(workspaceId: string, id: string): Promise<void> {
      if (!(await repository.remove(workspaceId, id))) throw missing();
    },

    /** 'Aplicar agora': the rule once, now; 409 while another process applies it. */
    async apply(workspaceId: string, id: string): Promise<RetentionApplyResult> {
      const rule = await repository.find(workspaceId, id);
      if (!rule) throw missing();
      const removal = await applyRule(deps, rule, true);
      if (!removal) throw new AppError(409, errorCodes.conflict, m.busy);
      return removal;
    },

    async runs(workspaceId: string, page: number, limit: number): Promise<RetentionRunList> {
      const { items, total } = await repository.runs(workspaceId, page, limit);
      return { items: items.map(toRun), total };
    },
  };
}

export type RetentionService = ReturnType<typeof createRetentionService>;
