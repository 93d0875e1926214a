import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaces } from './schema-workspaces';

/**
 * The tokens of the AI nodes' model calls (docs/adr/0101): one row per answer, by workspace,
 * execution and flow. The month's rows of a workspace are summed against its budget
 * (`workspaces.ai_token_budget`); an execution's are its 'Tokens de IA'. The flow and the
 * execution are not references: their tokens stay counted after they are deleted.
 */
export const aiTokenUsage = pgTable(
  'ai_token_usage',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    executionId: text('execution_id'),
    flowId: text('flow_id').notNull(),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    tokensIn: integer('tokens_in').notNull(),
    tokensOut: integer('tokens_out').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    index('ai_token_usage_workspace_time_idx').on(t.workspaceId, t.createdAt),
    index('ai_token_usage_execution_idx').on(t.workspaceId, t.executionId),
  ],
);
