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
import { uniqueViolation } from '../../db/unique-violation';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { toIso } from '../../lib/list-query';
import { flowsWithOwnRetention } from './flow-retention';
import type { RetentionRuleRow, RetentionRunRow } from './retention.repository';
import { createRetentionTargets, type TargetNames } from './retention-targets';
import { applyRule, dateFieldOf, type RuleRunnerDeps } from './retention-rules-runner';

const m = messages.retention;
const instanceVariable = 'PONTE_LOG_RETENTION_DAYS';

export interface RetentionServiceDeps extends RuleRunnerDeps {
  /** PONTE_LOG_RETENTION_DAYS. */
  instanceDays: number;
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

  const { targetNames, checked } = createRetentionTargets(db, deps.storage);

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
