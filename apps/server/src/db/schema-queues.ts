import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { limits } from '@ponte/shared/limits';
import { flows } from './schema-flows';
import { groups, workspaces } from './schema-workspaces';
import { timestamps } from './schema-columns';

/**
 * Internal queues (spec 2 §3 Queue, docs/adr/0033). The queue's settings live here whatever the
 * driver; the embedded driver also keeps its pause and its rate here (`next_start_at`: the
 * earliest moment the next message may start, so the rate holds across processes).
 * `consumer_flow_id`: the active consumer, the first enabled flow that claimed the queue.
 */
export const queues = pgTable(
  'queues',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    groupId: text('group_id').references(() => groups.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    paused: boolean('paused').notNull().default(false),
    maxPerSecond: integer('max_per_second').notNull().default(limits.queueMaxPerSecondDefault),
    nextStartAt: timestamp('next_start_at', { withTimezone: true, precision: 3 }),
    consumerFlowId: text('consumer_flow_id').references(() => flows.id, { onDelete: 'set null' }),
    applyDefaultValuesNewFields: boolean('apply_default_values_new_fields')
      .notNull()
      .default(false),
    /** The number of its current version (`resource_versions`, docs/adr/0103). */
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('queues_workspace_name_unique').on(t.workspaceId, sql`lower(${t.name})`),
    index('queues_workspace_group_idx').on(t.workspaceId, t.groupId),
  ],
);

export type QueueMessageStatus = 'waiting' | 'active' | 'completed' | 'failed';

/**
 * Messages of the internal queues on the embedded driver: a message is a row, so what was
 * published survives a crash. `waiting` covers delayed (run_at ahead), due and paused ones;
 * `locked_until` is the lease of an active message, renewed while its consumer lives: an
 * expired lease (a process killed) returns the message to waiting with the same id.
 * `seq` orders messages published in the same millisecond.
 */
export const queueMessages = pgTable(
  'queue_messages',
  {
    id: text('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    queueId: text('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id').notNull(),
    message: jsonb('message').$type<unknown>(),
    publisher: text('publisher').notNull(),
    delayMs: integer('delay_ms').notNull().default(0),
    delayed: boolean('delayed').notNull().default(false),
    dedupKey: text('dedup_key'),
    status: text('status').$type<QueueMessageStatus>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true, precision: 3 }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, precision: 3 }),
    startedAt: timestamp('started_at', { withTimezone: true, precision: 3 }),
    finishedAt: timestamp('finished_at', { withTimezone: true, precision: 3 }),
    error: text('error'),
    executionId: text('execution_id'),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index('queue_messages_pick_idx').on(t.queueId, t.status, t.runAt, t.seq),
    index('queue_messages_finished_idx').on(t.queueId, t.status, t.finishedAt),
    uniqueIndex('queue_messages_dedup_unique')
      .on(t.queueId, t.dedupKey)
      .where(sql`${t.status} = 'waiting' and ${t.dedupKey} is not null`),
  ],
);

/** The view page's depth chart: the counters of each queue, one row per 30 s (kept 2 h). */
export const queueDepthSamples = pgTable(
  'queue_depth_samples',
  {
    queueId: text('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
    delayed: integer('delayed').notNull(),
    waiting: integer('waiting').notNull(),
    paused: integer('paused').notNull(),
    active: integer('active').notNull(),
    failed: integer('failed').notNull(),
    completed: integer('completed').notNull(),
  },
  (t) => [primaryKey({ columns: [t.queueId, t.at] })],
);

/**
 * The ledger of the messages of queues kept in Redis (docs/adr/0072): a row from the publish
 * until the message ends (completed or failed), is removed or cleaned, so a message Redis lost
 * (FLUSHALL, a restart without persistence) is published again with its id. `run_at`: when it
 * may start (published_at plus the delay).
 */
export const queueLedger = pgTable(
  'queue_ledger',
  {
    id: text('id').primaryKey(),
    queueId: text('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id').notNull(),
    message: jsonb('message').$type<unknown>(),
    publisher: text('publisher').notNull(),
    delayMs: integer('delay_ms').notNull().default(0),
    delayed: boolean('delayed').notNull().default(false),
    dedupKey: text('dedup_key'),
    publishedAt: timestamp('published_at', { withTimezone: true, precision: 3 }).notNull(),
    runAt: timestamp('run_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [index('queue_ledger_queue_idx').on(t.queueId, t.publishedAt, t.id)],
);

/**
 * Messages the ledger published again because Redis had lost them: one row per queue and
 * pass, shown on the queue's page (docs/adr/0072).
 */
export const queueRestores = pgTable(
  'queue_restores',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    queueId: text('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id').notNull(),
    restored: integer('restored').notNull(),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [index('queue_restores_queue_time_idx').on(t.queueId, t.at)],
);
