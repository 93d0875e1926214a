import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  alertRuleSaveIssues,
  jsonFieldPattern,
  type AlertFiring,
  type AlertRule,
  type AlertRuleBody,
  type AlertRuleList,
  type alertRuleListQuerySchema,
  type alertRuleTestBodySchema,
  type AlertRuleTestResult,
  type AlertRuleUpdate,
} from '@ponte/shared/alert-rules.schema';
import { errorCodes } from '@ponte/shared/errors';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import type { Database } from '../../db/client';
import { AppError, invalidField, notFound, type ErrorDetail } from '../../lib/app-error';
import { toIso } from '../../lib/list-query';
import { copyName } from '../../lib/named-resource/copy-name';
import { removeOrMissing, rowOrMissing } from '../../lib/named-resource/named-rules';
import {
  createAlertRulesRepository,
  type AlertFiringRow,
  type AlertRuleRow,
  type AlertRuleValues,
  type AlertRulesRepository,
} from './alert-rules.repository';
import { noStamp, type SaveStamp, type VersionsService } from '../versions/versions.service';
import { alertRuleVersioning } from './alert-rule-versions';
import { compileMatcher, ParsedMessage } from './log-matcher';
import type { WithinGroups } from '../../lib/named-resource/named-table';

const m = messages.alertRules;

export type AlertRuleListQuery = z.output<typeof alertRuleListQuerySchema>;
export type AlertRuleTestBody = z.output<typeof alertRuleTestBodySchema>;

export interface AlertRulesServiceDeps {
  db: Database;
  /** Every save is a version (docs/adr/0103). */
  versions: VersionsService;
  /** After a save or a removal: the log watch reads the rules again (alerts.ts). */
  onChange?: () => Promise<void>;
  /** Where a failed `onChange` is reported (the save itself stands). */
  onError?: (error: unknown) => void;
  /** The network guard's refusal of a webhook URL, known at save time (url-refusal.ts). */
  urlRefusal?: (url: string) => Promise<string | null>;
  /** Whether PONTE_SMTP_URL is set: without it an e-mail rule must name an SMTP account. */
  instanceSmtp?: boolean;
}

/** What a save checks beyond the body: the network guard, the instance SMTP. */
type SaveChecks = Pick<AlertRulesServiceDeps, 'urlRefusal' | 'instanceSmtp'>;

export const toAlertRule = (row: AlertRuleRow): AlertRule => ({
  _id: row.id,
  name: row.name,
  group: row.groupId ?? null,
  type: row.type,
  enabled: row.enabled,
  action: row.action,
  action_email_to: row.actionEmailTo,
  action_email_message: row.actionEmailMessage,
  action_email_account_id: row.actionEmailAccountId ?? null,
  action_webhook_method: row.actionWebhookMethod,
  action_webhook_url: row.actionWebhookUrl,
  match_log_type: row.matchLogType,
  match_log_json_field: row.matchLogJsonField,
  match_log_content: row.matchLogContent,
  flow_id: row.flowId ?? null,
  timewindow_seconds: row.timewindowSeconds,
  no_success_minutes: row.noSuccessMinutes ?? null,
  queue_id: row.queueId ?? null,
  queue_depth_above: row.queueDepthAbove ?? null,
  queue_depth_minutes: row.queueDepthMinutes ?? null,
  stuck_minutes: row.stuckMinutes ?? null,
  workspace_id: row.workspaceId,
  version: row.version,
  created_at: toIso(row.createdAt),
  updated_at: toIso(row.updatedAt),
});

export const toAlertFiring = (row: AlertFiringRow): AlertFiring => ({
  _id: row.id,
  kind: row.kind,
  state: row.state,
  opened_at: toIso(row.openedAt),
  closes_at: toIso(row.closesAt),
  count: row.count,
  lines: row.lines,
  summary: row.summary ?? null,
  attempts: row.attempts,
  result_status: row.resultStatus ?? null,
  result_message: row.resultMessage ?? null,
  sent_at: row.sentAt ? toIso(row.sentAt) : null,
});

/** Not found in this workspace; naming it lets the security log record another's id. */
export const alertRuleMissing = (id: string) => notFound(m.notFound, { kind: 'alert_rule', id });

/** The regular expression as RE2 compiles it (the shared rules only parse `/…/flags`). */
function patternIssues(body: AlertRuleBody, issues: readonly string[]): string[] {
  if (body.type !== 'match_log' || !body.match_log_content) return [];
  const compiled = compileMatcher(body);
  if (!('error' in compiled) || issues.includes(compiled.error)) return [];
  return [compiled.error];
}

/**
 * The row's values from a checked body. Fields another type or action does not read are
 * stored empty, so a rule never keeps a reference it was not checked for.
 */
function valuesOf(body: AlertRuleBody): Omit<AlertRuleValues, 'createdAt' | 'updatedAt'> {
  const email = body.action === 'email';
  return {
    name: body.name.trim(),
    groupId: body.group || null,
    type: body.type,
    enabled: body.enabled,
    action: body.action,
    actionEmailTo: body.action_email_to,
    actionEmailMessage: body.action_email_message,
    actionEmailAccountId: (email && body.action_email_account_id) || null,
    actionWebhookMethod: body.action_webhook_method,
    actionWebhookUrl: body.action_webhook_url,
    matchLogType: body.match_log_type,
    matchLogJsonField: body.match_log_json_field,
    matchLogContent: body.match_log_content,
    flowId: (body.type !== 'queue_backlog' && body.flow_id) || null,
    timewindowSeconds: body.timewindow_seconds,
    noSuccessMinutes: body.type === 'no_success' ? (body.no_success_minutes ?? null) : null,
    queueId: (body.type === 'queue_backlog' && body.queue_id) || null,
    queueDepthAbove: body.type === 'queue_backlog' ? (body.queue_depth_above ?? null) : null,
    queueDepthMinutes: body.type === 'queue_backlog' ? (body.queue_depth_minutes ?? null) : null,
    stuckMinutes: body.type === 'stuck_execution' ? (body.stuck_minutes ?? null) : null,
  };
}

/** What the rule names must be of this workspace (the group, flow, queue, SMTP account). */
async function referenceIssues(
  repository: AlertRulesRepository,
  workspaceId: string,
  values: AlertRuleValues,
) {
  const issues: ErrorDetail[] = [];
  if (values.groupId && !(await repository.groupExists(workspaceId, values.groupId)))
    issues.push({ field: 'group', message: messages.flows.groupNotFound });
  if (values.flowId && !(await repository.flowExists(workspaceId, values.flowId)))
    issues.push({ field: 'flow_id', message: m.flowNotFound });
  if (values.queueId && !(await repository.queueExists(workspaceId, values.queueId)))
    issues.push({ field: 'queue_id', message: m.queueNotFound });
  const accountId = values.actionEmailAccountId;
  if (accountId) {
    const type = await repository.serviceAccountType(workspaceId, accountId);
    if (type !== 'smtp_account') {
      const message = type ? m.emailAccountNotSmtp : m.emailAccountNotFound;
      issues.push({ field: 'action_email_account_id', message });
    }
  }
  return issues;
}

/**
 * What would fail only when the rule fires (docs/adr/0082): a webhook URL the network guard
 * refuses, an e-mail with no SMTP server to send it.
 */
async function deliveryIssues(values: AlertRuleValues, checks: SaveChecks) {
  const issues: ErrorDetail[] = [];
  if (values.action === 'webhook' && checks.urlRefusal) {
    const refusal = await checks.urlRefusal(values.actionWebhookUrl ?? '');
    if (refusal) issues.push({ field: 'action_webhook_url', message: refusal });
  }
  if (values.action === 'email' && !values.actionEmailAccountId && checks.instanceSmtp === false)
    issues.push({ field: 'action_email_account_id', message: m.noSmtp });
  return issues;
}

/** Spec 2 §5 'Alert rule': 400 with the first issue's message and every issue in `details`. */
async function checkSave(
  repository: AlertRulesRepository,
  workspaceId: string,
  body: AlertRuleBody,
  checks: SaveChecks,
): Promise<AlertRuleValues> {
  const values = valuesOf(body);
  const own = alertRuleSaveIssues(body);
  const details: ErrorDetail[] = [
    ...[...own, ...patternIssues(body, own)].map((message) => ({
      field: 'alert_rule',
      message,
    })),
    ...(await referenceIssues(repository, workspaceId, values)),
    ...(own.length ? [] : await deliveryIssues(values, checks)),
  ];
  if (details.length) throw new AppError(400, errorCodes.validation, details[0]!.message, details);
  return values;
}

/** A rule's firings and the 'Testar' box, read-only. */
function createAlertRuleReads(
  repository: AlertRulesRepository,
  rowOf: (workspaceId: string, id: string) => Promise<AlertRuleRow>,
) {
  return {
    /** The rule's newest firings (its page shows when, how many and the action's result). */
    async firings(workspaceId: string, id: string): Promise<{ items: AlertFiring[] }> {
      await rowOf(workspaceId, id);
      const rows = await repository.firings(workspaceId, id, limits.alertFiringsShown);
      return { items: rows.map(toAlertFiring) };
    },

    /**
     * 'Testar': which of the newest logs (of the flow, when told) the match configuration
     * takes, each line tested as the log watch tests it.
     */
    async test(workspaceId: string, body: AlertRuleTestBody): Promise<AlertRuleTestResult> {
      if (body.match_log_type === 'message_json') {
        const field = body.match_log_json_field.trim();
        if (!field) throw invalidField('match_log_json_field', m.jsonFieldRequired);
        if (!jsonFieldPattern.test(field))
          throw invalidField('match_log_json_field', m.jsonFieldInvalid);
      }
      if (!body.match_log_content) throw invalidField('match_log_content', m.contentRequired);
      const matcher = compileMatcher(body);
      if ('error' in matcher) throw invalidField('match_log_content', matcher.error);
      const flowId = body.flow_id || null;
      if (flowId && !(await repository.flowExists(workspaceId, flowId)))
        throw invalidField('flow_id', m.flowNotFound);
      const rows = await repository.newestLogs(workspaceId, flowId, limits.alertTestLogs);
      const items = rows.map((row) => ({
        _id: String(row.id),
        created_at: toIso(row.createdAt),
        flow_id: row.flowId,
        flow_name: row.flowName ?? '',
        execution_id: row.executionId,
        type: row.type,
        label: row.label,
        message: row.message.slice(0, limits.alertLineMessageMax),
        matched: matcher.test(row, new ParsedMessage(row.message)),
      }));
      return { items, matched: items.filter((item) => item.matched).length };
    },
  };
}

/** The workspace's alert rules (spec 2 'Alert rules', §7; docs/adr/0050). */
export function createAlertRulesService(deps: AlertRulesServiceDeps) {
  const repository = createAlertRulesRepository(deps.db);
  const versioned = alertRuleVersioning(deps.versions, repository);

  async function changed() {
    try {
      await deps.onChange?.();
    } catch (error) {
      deps.onError?.(error);
    }
  }

  const rowOf = rowOrMissing(repository.find, alertRuleMissing);
  const removeRow = removeOrMissing(repository.remove, alertRuleMissing);

  return {
    repository,
    rowOf,

    async list(
      workspaceId: string,
      query: AlertRuleListQuery & WithinGroups,
    ): Promise<AlertRuleList> {
      const { items, total } = await repository.list(workspaceId, {
        page: query.page,
        size: query.perPage,
        query: query.filter,
        group: query.group,
        within: query.within,
      });
      return { items: items.map(toAlertRule), total };
    },

    get: async (workspaceId: string, id: string) => toAlertRule(await rowOf(workspaceId, id)),

    /** A rule created enabled counts its silence (a dead-man rule) from now. */
    async create(
      workspaceId: string,
      body: AlertRuleBody,
      stamp: SaveStamp = noStamp,
    ): Promise<AlertRule> {
      const values = await checkSave(repository, workspaceId, body, deps);
      const row = await versioned.create(
        workspaceId,
        randomUUID(),
        (at) => ({ ...values, enabledAt: values.enabled ? at : null }),
        stamp,
      );
      await changed();
      return toAlertRule(row);
    },

    /**
     * A new version, only when the save was based on the current one (if it says).
     * `enabled_at` moves to now when the rule goes from disabled to enabled.
     */
    async update(
      workspaceId: string,
      id: string,
      body: AlertRuleUpdate,
      stamp: SaveStamp = noStamp,
    ): Promise<AlertRule> {
      const current = await rowOf(workspaceId, id);
      await versioned.check(workspaceId, current, stamp);
      const values = await checkSave(repository, workspaceId, body, deps);
      const row = await versioned.update(
        workspaceId,
        current,
        (at) => ({
          ...values,
          enabledAt: values.enabled && !current.enabled ? at : current.enabledAt,
        }),
        stamp,
      );
      await changed();
      return toAlertRule(row);
    },

    /** The copy keeps every field, is disabled, gets ' (cópia)' in its name; at its version 1. */
    async duplicate(
      workspaceId: string,
      id: string,
      stamp: SaveStamp = noStamp,
    ): Promise<AlertRule> {
      const {
        id: _id,
        workspaceId: _ws,
        version: _version,
        createdAt: _created,
        updatedAt: _updated,
        ...source
      } = await rowOf(workspaceId, id);
      const copy = {
        ...source,
        name: copyName(source.name, limits.alertRuleNameMax),
        enabled: false,
        enabledAt: null,
      };
      const row = await versioned.create(workspaceId, randomUUID(), () => copy, {
        userId: stamp.userId,
      });
      return toAlertRule(row);
    },

    /** The current version and document of a rule of the workspace (404 without one). */
    versionState: async (workspaceId: string, id: string) =>
      versioned.state(await rowOf(workspaceId, id)),

    /** A version's document as an update of the rule ('Restaurar', docs/adr/0103). */
    restoreBody: versioned.restoreBody,

    /** The rule's firings go with it (foreign key cascade), and its versions. */
    async remove(workspaceId: string, id: string): Promise<void> {
      await removeRow(workspaceId, id);
      await versioned.removeAll(workspaceId, id);
      await changed();
    },

    ...createAlertRuleReads(repository, rowOf),
  };
}

export type AlertRulesService = ReturnType<typeof createAlertRulesService>;
