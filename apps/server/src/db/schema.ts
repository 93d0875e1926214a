import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  integer,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ExecutionMode } from '@ponte/shared/execution-data.schema';
import {
  queueDepthSamples,
  queueLedger,
  queueMessages,
  queueRestores,
  queues,
  type QueueMessageStatus,
} from './schema-queues';
import { forms } from './schema-forms';
import { customNodes, customNodeVersions } from './schema-custom-nodes';
import { alertFirings, alertIncidents, alertRules } from './schema-alert-rules';
import { dashboards } from './schema-dashboards';
import { auditEvents } from './schema-audit';
import { timestamps } from './schema-columns';
import {
  customers,
  groups,
  memberships,
  invitations,
  users,
  workspaces,
  type CustomerConfig,
} from './schema-workspaces';
import { flows, type FlowConfig } from './schema-flows';
import { serviceHookEvents, serviceHookRegistrations } from './schema-service-hooks';

export const variables = pgTable(
  'variables',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull().default(''),
    ...timestamps,
  },
  (t) => [uniqueIndex('variables_workspace_key_unique').on(t.workspaceId, t.key)],
);

/**
 * Database tables (spec 2 §3 Table): the structure; records live in `db_records`
 * (docs/adr/0023). `removed_fields` lists fields removed before removals asked first
 * (docs/adr/0069) whose values records may still hold, so exports can read them.
 */
export interface DbTableFieldRow {
  name: string;
  label: string;
  type: 'string' | 'longtext' | 'integer' | 'float' | 'boolean' | 'date' | 'datetime';
  length: number | null;
  default_value: string | null;
  is_unique: boolean;
  is_required: boolean;
  position: number;
  /** Former names, newest first (docs/adr/0069); absent on fields never renamed. */
  previous_names?: string[];
}

export const dbTables = pgTable(
  'db_tables',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    groupId: text('group_id').references(() => groups.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    fields: jsonb('fields').$type<DbTableFieldRow[]>().notNull(),
    removedFields: jsonb('removed_fields').$type<DbTableFieldRow[]>().notNull().default([]),
    applyDefaultValuesNewFields: boolean('apply_default_values_new_fields')
      .notNull()
      .default(false),
    /** The number of its current version (`resource_versions`, docs/adr/0103). */
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('db_tables_workspace_name_unique').on(t.workspaceId, sql`lower(${t.name})`),
    index('db_tables_workspace_group_idx').on(t.workspaceId, t.groupId),
  ],
);

/**
 * Records of the database tables: values by field name in `data`. Every query names the
 * workspace and the table. Unique fields get their own partial unique expression index,
 * created and dropped by the tables service (docs/adr/0023).
 */
export const dbRecords = pgTable(
  'db_records',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    tableId: text('table_id')
      .notNull()
      .references(() => dbTables.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<Record<string, string | number | boolean | null>>().notNull(),
    ...timestamps,
  },
  (t) => [index('db_records_table_created_idx').on(t.tableId, t.createdAt, t.id)],
);

/**
 * Jobs of the embedded queue driver: a job is a row, so what was enqueued survives a crash.
 * `seq` orders jobs enqueued in the same millisecond.
 */
export const queueJobs = pgTable(
  'queue_jobs',
  {
    id: text('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    queue: text('queue').notNull(),
    workspaceId: text('workspace_id').notNull(),
    /** Jobs sharing a key run at most `concurrency_limit` at a time (0: no limit). */
    concurrencyKey: text('concurrency_key'),
    concurrencyLimit: integer('concurrency_limit').notNull().default(0),
    payload: jsonb('payload').$type<unknown>(),
    status: text('status').$type<'waiting' | 'active' | 'completed' | 'failed'>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true, precision: 3 }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, precision: 3 }),
    finishedAt: timestamp('finished_at', { withTimezone: true, precision: 3 }),
    error: text('error'),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index('queue_jobs_pick_idx').on(t.queue, t.status, t.runAt, t.seq),
    index('queue_jobs_active_idx').on(t.status, t.concurrencyKey),
  ],
);

/** `waiting`: it waits for a person and resumes later (docs/adr/0100). */
export type ExecutionStatus =
  'queued' | 'running' | 'waiting' | 'success' | 'error' | 'stopped' | 'crashed';

/** One row per execution: the live list, the history and the dashboards read it. */
export const executions = pgTable(
  'executions',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id').notNull(),
    flowId: text('flow_id').notNull(),
    triggerType: text('trigger_type').notNull(),
    triggerNodeUid: text('trigger_node_uid').notNull(),
    status: text('status').$type<ExecutionStatus>().notNull(),
    debug: boolean('debug').notNull().default(false),
    queuedAt: timestamp('queued_at', { withTimezone: true, precision: 3 }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, precision: 3 }),
    endedAt: timestamp('ended_at', { withTimezone: true, precision: 3 }),
    durationMs: integer('duration_ms'),
    steps: integer('steps'),
    error: jsonb('error').$type<{ message: string; node_uid?: string }>(),
    /** The trigger message, for 'Reexecutar no debug'; null when it was larger than 1 MB. */
    triggerMsg: jsonb('trigger_msg').$type<Record<string, unknown>>(),
    /** The process running it (`ponte_processes.id`), while it runs (docs/adr/0065). */
    ownerId: text('owner_id'),
    /**
     * When the caller that waited for its answer stopped waiting while it ran (a webhook
     * answered 504, docs/adr/0076); null while someone waits, or nobody ever did.
     */
    unawaitedAt: timestamp('unawaited_at', { withTimezone: true, precision: 3 }),
    /** 'production', or 'editor' for the editor's runs (docs/adr/0089). */
    mode: text('mode').$type<ExecutionMode>().notNull().default('production'),
    /** The `flow_snapshots` version it ran; null when no data of it was kept. */
    flowHash: text('flow_hash'),
    /** The flow's version it ran (docs/adr/0103); null for executions before versions. */
    flowVersion: integer('flow_version'),
    /** Its nodes' data was kept (`execution_data`), as the save setting said. */
    dataKept: boolean('data_kept').notNull().default(false),
    /** Waiting: why, node by node (a new attempt, a person), for the lists (docs/adr/0110). */
    waits: jsonb('waits').$type<ExecutionWaitRow[]>(),
    /** Waiting for new attempts: what they run with (never answered by the API). */
    resume: jsonb('resume').$type<ExecutionResumeRow>(),
    /** When the sweep resumes the next attempt (moved on while a job of it is queued). */
    resumeAt: timestamp('resume_at', { withTimezone: true, precision: 3 }),
    /** Bumped by every end that waits: a job of an older wait resumes nothing. */
    waitSeq: integer('wait_seq').notNull().default(0),
    /** The execution this one re-runs ('Reexecutar', docs/adr/0113). */
    rerunOf: text('rerun_of'),
    /**
     * What it stored (log lines, node data, trigger message, error) is masked: its flow's
     * masking was on when it was enqueued (docs/adr/0122); it cannot be re-run.
     */
    personalDataMasked: boolean('personal_data_masked').notNull().default(false),
    /** Its OpenTelemetry trace, when tracing was on (docs/adr/0131); written with its end. */
    traceId: text('trace_id'),
  },
  (t) => [
    // The sweep of running executions whose owner's lease ran out.
    index('executions_running_owner_idx')
      .on(t.ownerId)
      .where(sql`status = 'running'`),
    index('executions_workspace_status_idx').on(t.workspaceId, t.status),
    index('executions_workspace_ended_idx').on(t.workspaceId, t.endedAt),
    // Dashboard execution widgets of one flow (docs/adr/0047).
    index('executions_workspace_flow_ended_idx').on(t.workspaceId, t.flowId, t.endedAt),
    index('executions_flow_idx').on(t.flowId, t.queuedAt),
    // The sweep of new attempts that are due (docs/adr/0110).
    index('executions_resume_at_idx')
      .on(t.resumeAt)
      .where(sql`status = 'waiting'`),
    // The retention of trigger messages (docs/adr/0123): only the executions that still hold one.
    index('executions_trigger_msg_ended_idx')
      .on(t.endedAt)
      .where(sql`trigger_msg is not null`),
  ],
);

/** Why a waiting execution waits at one node (docs/adr/0110). */
export interface ExecutionWaitRow {
  /** Ties a new attempt's or a delay's wait to what it resumes with (`resume.retries[].id`). */
  id?: string;
  kind: 'retry' | 'approval' | 'delay' | 'call';
  node_uid: string;
  message: string;
  /** ISO time the wait began. */
  since: string;
  /** A new attempt: which, of how many; when it (or a delay) ends, ISO. */
  attempt?: number;
  of?: number;
  at?: string;
}

/** What the new attempts of a waiting execution run with (docs/adr/0110). */
export interface ExecutionResumeRow {
  flowData: Record<string, unknown>;
  /** New attempts and delays due at `at`; a delay's node gets `resumed` as `ctx.resumed`. */
  retries: {
    id?: string;
    nodeUid: string;
    msg: Record<string, unknown>;
    attempt: number;
    at: string;
    resumed?: unknown;
  }[];
}

export type LogType = 'user' | 'internal' | 'debug';

/**
 * Logs of executions, indexed for the monitoring filters; search uses trigram indexes on the
 * folded text (lower case without accents, `ponte_fold`, docs/adr/0079).
 */
export const logs = pgTable(
  'logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    workspaceId: text('workspace_id').notNull(),
    flowId: text('flow_id').notNull(),
    executionId: text('execution_id').notNull(),
    nodeUid: text('node_uid'),
    type: text('type').$type<LogType>().notNull(),
    label: text('label').notNull().default(''),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    index('logs_workspace_time_idx').on(t.workspaceId, t.createdAt),
    index('logs_flow_time_idx').on(t.flowId, t.createdAt),
    index('logs_execution_idx').on(t.executionId),
    index('logs_workspace_type_time_idx').on(t.workspaceId, t.type, t.createdAt),
    index('logs_message_fold_trgm_idx').using('gin', sql`ponte_fold(${t.message}) gin_trgm_ops`),
    index('logs_label_fold_trgm_idx').using('gin', sql`ponte_fold(${t.label}) gin_trgm_ops`),
  ],
);

/**
 * One row per schedule tick that fired: with several processes, the one that inserts the row
 * runs the flow; the others see the conflict and skip the tick.
 */
export const scheduleTicks = pgTable(
  'schedule_ticks',
  {
    flowId: text('flow_id').notNull(),
    nodeUid: text('node_uid').notNull(),
    tickAt: timestamp('tick_at', { withTimezone: true, precision: 3 }).notNull(),
    executionId: text('execution_id'),
  },
  (t) => [primaryKey({ columns: [t.flowId, t.nodeUid, t.tickAt] })],
);

/**
 * One row per session token (its `jti`, ADR 0016). A token is accepted only while its row is
 * here, not revoked and not expired, so every process sharing the database refuses a rotated
 * or revoked token at once. Expired rows are deleted when a new session opens.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdAt: timestamps.createdAt,
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Service accounts (spec 2 §3; docs/adr/0025): the non-secret fields of the type's sub-object
 * in `public_data`; every secret field in one AES-256-GCM blob (`secret_data`, under the key
 * named by `key_id`). A `ponte_token` keeps only the sha256 of its token.
 */
export const serviceAccounts = pgTable(
  'service_accounts',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    authType: text('auth_type').notNull(),
    url: text('url'),
    publicData: jsonb('public_data').$type<Record<string, unknown>>().notNull().default({}),
    secretData: text('secret_data'),
    keyId: text('key_id'),
    tokenHash: text('token_hash'),
    healthStatus: text('health_status').notNull().default('unchecked'),
    healthMessage: text('health_message'),
    checkedAt: timestamp('checked_at', { withTimezone: true, precision: 3 }),
    ...timestamps,
  },
  (t) => [
    index('service_accounts_workspace_name_idx').on(t.workspaceId, t.name),
    uniqueIndex('service_accounts_workspace_name_unique').on(t.workspaceId, sql`lower(${t.name})`),
    uniqueIndex('service_accounts_token_hash_unique').on(t.tokenHash),
  ],
);

/** One-use OAuth2 `state` values, bound to a workspace and an account, with an expiry. */
export const serviceAccountOauthStates = pgTable(
  'service_account_oauth_states',
  {
    state: text('state').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    serviceAccountId: text('service_account_id')
      .notNull()
      .references(() => serviceAccounts.id, { onDelete: 'cascade' }),
    userId: text('user_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('service_account_oauth_states_expires_idx').on(t.expiresAt)],
);

/**
 * A workspace's OAuth app at a provider (slack, google, trello; docs/adr/0093): the client id
 * (Trello's API key) in clear, the client secret in an AES-256-GCM blob like the accounts'.
 */
export const oauthApps = pgTable(
  'oauth_apps',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    clientId: text('client_id').notNull(),
    secretData: text('secret_data'),
    keyId: text('key_id'),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.provider] })],
);

/**
 * A known text encrypted under the key of the first start: a later start with another
 * PONTE_ENCRYPTION_KEY cannot decrypt it and refuses, even before any account exists.
 */
export const encryptionCheck = pgTable('encryption_check', {
  id: text('id').primaryKey(),
  blob: text('blob').notNull(),
  keyId: text('key_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

export { customers, users, workspaces, memberships, invitations, groups, type CustomerConfig };
export { flows, type FlowConfig };
export {
  queues,
  queueMessages,
  queueDepthSamples,
  queueLedger,
  queueRestores,
  type QueueMessageStatus,
};
export { forms };
export { customNodes, customNodeVersions };
export { dashboards };
export { alertRules, alertFirings, alertIncidents };
export { ponteProcesses, instanceSecrets } from './schema-cluster';
export { executionData, flowSnapshots } from './schema-execution-data';
export { serviceHookRegistrations, serviceHookEvents };
export { servicePollCursors } from './schema-service-polls';
export { agentMemories } from './schema-agent-memory';
export { agentApprovals } from './schema-approvals';
export { waitLinks } from './schema-wait-links';
export { approvalWaits, approvalWaitLinks } from './schema-approval-waits';
export { aiTokenUsage } from './schema-ai-usage';
export { resourceVersions } from './schema-versions';
export { auditEvents } from './schema-audit';
export { workspaceHolidays } from './schema-holidays';
export { lgpdRequests } from './schema-lgpd-requests';
export { retentionRules, retentionRuns, retentionLeases } from './schema-retention';

export const schema = {
  customers,
  users,
  workspaces,
  memberships,
  invitations,
  groups,
  variables,
  flows,
  queueJobs,
  queues,
  queueMessages,
  queueDepthSamples,
  queueLedger,
  queueRestores,
  forms,
  customNodes,
  customNodeVersions,
  dashboards,
  alertRules,
  alertFirings,
  alertIncidents,
  executions,
  logs,
  scheduleTicks,
  sessions,
  auditEvents,
  dbTables,
  dbRecords,
  serviceAccounts,
  serviceAccountOauthStates,
  oauthApps,
  encryptionCheck,
  serviceHookRegistrations,
  serviceHookEvents,
};
export { apiTokens } from './schema-api-tokens';
export { ssoProviders, ssoSettings, ssoStates } from './schema-sso';
