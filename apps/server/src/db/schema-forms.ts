import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { FormField, FormStatus } from '@ponte/shared/forms.schema';
import { groups, workspaces } from './schema-workspaces';
import { timestamps } from './schema-columns';

/**
 * Public forms (spec 2 §3 Form, docs/adr/0038). The fields are one JSONB array in the order the
 * builder shows them. `auth_pin_hash`: the PIN, hashed like a password (it is only compared,
 * never shown again); null when the form has none.
 */
export const forms = pgTable(
  'forms',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    groupId: text('group_id').references(() => groups.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    status: text('status').$type<FormStatus>().notNull().default('draft'),
    fields: jsonb('fields').$type<FormField[]>().notNull().default([]),
    title: text('title').notNull().default(''),
    message: text('message').notNull().default(''),
    successMessage: text('success_message').notNull(),
    showBackButton: boolean('show_back_button').notNull().default(true),
    waitFlowResult: boolean('wait_flow_result').notNull().default(false),
    requireAuthPin: boolean('require_auth_pin').notNull().default(false),
    authPinHash: text('auth_pin_hash'),
    /** The number of its current version (`resource_versions`, docs/adr/0103). */
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    index('forms_workspace_name_idx').on(t.workspaceId, t.name),
    index('forms_workspace_group_idx').on(t.workspaceId, t.groupId),
  ],
);
