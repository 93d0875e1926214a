import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaces } from './schema-workspaces';

/**
 * The conversations of the 'Agente de IA' nodes (docs/adr/0099): one row per turn, by workspace
 * and key. `expires_at` of every turn of a conversation moves with its last turn; expired turns
 * are not read and are deleted by the next write of the workspace.
 */
export const agentMemories = pgTable(
  'agent_memories',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    conversation: text('conversation').notNull(),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    index('agent_memories_conversation_idx').on(t.workspaceId, t.conversation, t.id),
    index('agent_memories_expires_idx').on(t.workspaceId, t.expiresAt),
  ],
);
