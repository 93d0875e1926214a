import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  RetentionRuleArea,
  RetentionRunArea,
  RetentionRunSource,
} from '@ponte/shared/lgpd/retention.schema';
import { timestamps } from './schema-columns';
import { users, workspaces } from './schema-workspaces';

/**
 * A workspace's retention rules (docs/adr/0123): one per target — a table (`target` its id,
 * `date_field` the date or datetime field that dates a record, null for its creation), a queue
 * (its id) or a Storage folder (its path).
 */
export const retentionRules = pgTable(
  'retention_rules',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    area: text('area').$type<RetentionRuleArea>().notNull(),
    target: text('target').notNull(),
    dateField: text('date_field'),
    days: integer('days').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('retention_rules_target_unique').on(t.workspaceId, t.area, t.target)],
);

/**
 * Every deletion pass that removed something, per workspace: when, where, by whose days, how
 * much, and the bytes freed as measured (docs/adr/0123). `target_name` is the name at that time.
 */
export const retentionRuns = pgTable(
  'retention_runs',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
    area: text('area').$type<RetentionRunArea>().notNull(),
    source: text('source').$type<RetentionRunSource>().notNull(),
    /** The flow's id, the table's or queue's id, the folder's path; null for the instance. */
    targetId: text('target_id'),
    targetName: text('target_name').notNull(),
    ruleId: text('rule_id'),
    days: integer('days').notNull(),
    removed: integer('removed').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    /** 'Aplicar agora' rather than the hourly pass. */
    manual: boolean('manual').notNull().default(false),
  },
  (t) => [index('retention_runs_workspace_at_idx').on(t.workspaceId, t.at)],
);

/**
 * Who is running a retention pass now: one process at a time per key (the hourly pass, or a
 * rule), so that two processes never delete, and count, the same data. A lease past `until`
 * is free (its process died).
 */
export const retentionLeases = pgTable('retention_leases', {
  key: text('key').primaryKey(),
  holder: text('holder').notNull(),
  until: timestamp('until', { withTimezone: true, precision: 3 }).notNull(),
});
