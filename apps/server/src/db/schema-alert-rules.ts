import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  AlertAction,
  AlertFiringKind,
  AlertFiringState,
  AlertLine,
  AlertRuleType,
  MatchLogType,
  WebhookMethod,
} from '@ponte/shared/alert-rules.schema';
import { groups, workspaces } from './schema-workspaces';
import { timestamps } from './schema-columns';

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/** Alert rules (spec 2 §3 Alert rule, docs/adr/0050). */
export const alertRules = pgTable(
  'alert_rules',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    groupId: text('group_id').references(() => groups.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    type: text('type').$type<AlertRuleType>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    action: text('action').$type<AlertAction>().notNull(),
    actionEmailTo: text('action_email_to').notNull().default(''),
    actionEmailMessage: text('action_email_message').notNull().default(''),
    /** An smtp_account of the workspace; null: the instance SMTP (PONTE_SMTP_URL). */
    actionEmailAccountId: text('action_email_account_id'),
    actionWebhookMethod: text('action_webhook_method').$type<WebhookMethod>().notNull(),
    actionWebhookUrl: text('action_webhook_url').notNull().default(''),
    matchLogType: text('match_log_type').$type<MatchLogType>().notNull(),
    matchLogJsonField: text('match_log_json_field').notNull().default(''),
    matchLogContent: text('match_log_content').notNull().default(''),
    /**
     * null: any flow of the workspace (match_log, stuck_execution); no_success: the flow
     * watched.
     */
    flowId: text('flow_id'),
    timewindowSeconds: integer('timewindow_seconds').notNull().default(300),
    noSuccessMinutes: integer('no_success_minutes'),
    queueId: text('queue_id'),
    queueDepthAbove: integer('queue_depth_above'),
    queueDepthMinutes: integer('queue_depth_minutes'),
    /** stuck_execution: minutes queued with no worker alive before the alert (docs/adr/0112). */
    stuckMinutes: integer('stuck_minutes'),
    /** When the rule was last enabled (or created enabled): a dead-man rule counts from here. */
    enabledAt: at('enabled_at'),
    /** The number of its current version (`resource_versions`, docs/adr/0103). */
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    index('alert_rules_workspace_updated_idx').on(t.workspaceId, t.updatedAt),
    index('alert_rules_workspace_group_idx').on(t.workspaceId, t.groupId),
    index('alert_rules_enabled_type_idx').on(t.enabled, t.type),
  ],
);

/** The columns of a rule's row: its id, and the workspace and rule it goes away with. */
const ruleOwned = () => ({
  id: text('id').primaryKey(),
  workspaceId: text('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  ruleId: text('rule_id')
    .notNull()
    .references(() => alertRules.id, { onDelete: 'cascade' }),
});

/**
 * One notification of a rule: a capture window of a match_log rule (`match`: opened at the
 * first matching line, closed `timewindow_seconds` later, counting every match meanwhile), or a
 * dead-man incident and its recovery. At most one `open` window per rule (unique index). A
 * window is recorded in the same transaction as the log lines that matched (docs/adr/0051).
 */
export const alertFirings = pgTable(
  'alert_firings',
  {
    ...ruleOwned(),
    kind: text('kind').$type<AlertFiringKind>().notNull(),
    state: text('state').$type<AlertFiringState>().notNull(),
    openedAt: at('opened_at').notNull(),
    closesAt: at('closes_at').notNull(),
    count: integer('count').notNull().default(0),
    /** The first `limits.alertFiringLines` matching lines. */
    lines: jsonb('lines').$type<AlertLine[]>().notNull().default([]),
    /** A dead-man firing's text (pt-BR). */
    summary: text('summary'),
    /** The incident a dead-man firing belongs to. */
    incidentId: text('incident_id'),
    attempts: integer('attempts').notNull().default(0),
    /** A due firing is not tried before this (the backoff between tries). */
    nextAttemptAt: at('next_attempt_at'),
    /** A `sending` firing belongs to its process until then (limits.alertClaimMs). */
    claimedUntil: at('claimed_until'),
    resultStatus: integer('result_status'),
    resultMessage: text('result_message'),
    sentAt: at('sent_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('alert_firings_open_window_idx')
      .on(t.ruleId)
      .where(sql`state = 'open'`),
    index('alert_firings_rule_opened_idx').on(t.ruleId, t.openedAt),
    index('alert_firings_state_idx').on(t.state, t.closesAt),
  ],
);

/**
 * A dead-man rule's incident: `pending` (the condition holds, not yet for long enough: a queue
 * above its depth), `firing` (notified), `resolved` (recovered). At most one unresolved incident
 * per rule (unique index), so two processes evaluating at once raise it once.
 */
export const alertIncidents = pgTable(
  'alert_incidents',
  {
    ...ruleOwned(),
    state: text('state').$type<'pending' | 'firing' | 'resolved'>().notNull(),
    /** When the condition started to hold. */
    startedAt: at('started_at').notNull(),
    firedAt: at('fired_at'),
    resolvedAt: at('resolved_at'),
  },
  (t) => [
    uniqueIndex('alert_incidents_unresolved_idx')
      .on(t.ruleId)
      .where(sql`state <> 'resolved'`),
  ],
);
