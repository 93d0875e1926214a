import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Permission } from '@ponte/shared/roles';
import { users, workspaces } from './schema-workspaces';

/**
 * The workspace's API tokens (docs/adr/0098): what MCP clients present to call the flows
 * offered as tools. Only the sha256 of a token is kept (`token_hash`, unique), and its first
 * characters (`hint`) so a person tells two apart. A revoked token's row is deleted.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    hint: text('hint').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, precision: 3 }),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }),
    /** What the key may do (docs/adr/0106). */
    scopes: jsonb('scopes').$type<Permission[]>().notNull().default([]),
  },
  (t) => [
    uniqueIndex('api_tokens_hash_unique').on(t.tokenHash),
    index('api_tokens_workspace_idx').on(t.workspaceId, t.createdAt),
  ],
);
