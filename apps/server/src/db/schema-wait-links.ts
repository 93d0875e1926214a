import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaces } from './schema-workspaces';

/**
 * The links 'Aguardar chamada' nodes wait on (docs/adr/0114): one row per link, with what the
 * execution resumes with (the node's input and the flow data), emptied once it resumed. The
 * token is kept as its SHA-256 only; a link is taken once (`pending` → `called` or `expired`).
 */
export const waitLinks = pgTable(
  'wait_links',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    flowId: text('flow_id').notNull(),
    executionId: text('execution_id').notNull(),
    nodeUid: text('node_uid').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    input: jsonb('input'),
    flowData: jsonb('flow_data'),
    status: text('status').$type<'pending' | 'called' | 'expired'>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [index('wait_links_execution_idx').on(t.executionId)],
);
