import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
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
import type { Role } from '@ponte/shared/roles';
import { timestamps } from './schema-columns';

export interface CustomerConfig {
  node_limit: number;
}

export const customers = pgTable('customers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  config: jsonb('config')
    .$type<CustomerConfig>()
    .notNull()
    .default({ node_limit: limits.defaultNodeLimit }),
  ...timestamps,
});

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    isOwner: boolean('is_owner').notNull().default(false),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true, precision: 3 })
      .notNull()
      .defaultNow(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_customer_idx').on(t.customerId),
    check('users_email_lower_case', sql`${t.email} = lower(${t.email})`),
  ],
);

export const workspaces = pgTable(
  'workspaces',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    engineUrl: text('engine_url'),
    /** 'Orçamento mensal de tokens de IA' (docs/adr/0101); null: no limit. */
    aiTokenBudget: bigint('ai_token_budget', { mode: 'number' }),
    /** Retention of versions (docs/adr/0103): the last N of each resource; null: all. */
    versionKeepCount: integer('version_keep_count'),
    /** Retention of versions: those of the last N days (the current one always stays). */
    versionKeepDays: integer('version_keep_days'),
    ...timestamps,
  },
  (t) => [index('workspaces_customer_idx').on(t.customerId)],
);

export const memberships = pgTable(
  'memberships',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The member's role in the workspace (docs/adr/0106). */
    role: text('role').$type<Role>().notNull().default('editor'),
    /** The groups the member is limited to (docs/adr/0109); null: every group. */
    groupIds: jsonb('group_ids').$type<string[]>(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.workspaceId] }),
    check(
      'memberships_role_known',
      sql`${t.role} in ('owner', 'admin', 'editor', 'operator', 'viewer')`,
    ),
    index('memberships_workspace_idx').on(t.workspaceId),
  ],
);

export const groups = pgTable(
  'groups',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('groups_workspace_name_unique').on(t.workspaceId, sql`lower(${t.name})`)],
);

/**
 * Invitations to a workspace by link (docs/adr/0106): only the sha256 of the link's token is
 * kept; one use (`accepted_at`), until `expires_at`. A revoked invitation's row is deleted.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    role: text('role').$type<Role>().notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, precision: 3 }),
    acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    /** Where the link was sent by e-mail (the instance SMTP); null for a link only shown. */
    email: text('email'),
    /** The groups the person will be limited to once they join (docs/adr/0109). */
    groupIds: jsonb('group_ids').$type<string[]>(),
  },
  (t) => [
    uniqueIndex('invitations_token_unique').on(t.tokenHash),
    index('invitations_workspace_idx').on(t.workspaceId, t.createdAt),
    check(
      'invitations_role_known',
      sql`${t.role} in ('owner', 'admin', 'editor', 'operator', 'viewer')`,
    ),
  ],
);
