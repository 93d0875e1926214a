import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaces } from './schema-workspaces';

/**
 * Tool calls of 'Agente de IA' nodes waiting for a person (docs/adr/0100): one row per request,
 * with what the execution resumes with (the agent's input, the flow data and its state). The
 * link's token is kept as its SHA-256 only. `input`, `flow_data` and `state` are emptied once
 * the decision resumed the execution (they hold the run's data, personal data included).
 */
export const agentApprovals = pgTable(
  'agent_approvals',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    flowId: text('flow_id').notNull(),
    executionId: text('execution_id').notNull(),
    nodeUid: text('node_uid').notNull(),
    toolName: text('tool_name').notNull(),
    toolLabel: text('tool_label').notNull(),
    toolKind: text('tool_kind').$type<'node' | 'flow' | 'mcp'>().notNull(),
    arguments: jsonb('arguments').notNull(),
    modelText: text('model_text').notNull(),
    input: jsonb('input'),
    flowData: jsonb('flow_data'),
    state: jsonb('state'),
    tokenHash: text('token_hash').notNull().unique(),
    status: text('status').$type<'pending' | 'approved' | 'rejected' | 'cancelled'>().notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true, precision: 3 }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true, precision: 3 }),
    decidedBy: text('decided_by'),
    reason: text('reason'),
  },
  (t) => [
    index('agent_approvals_workspace_idx').on(t.workspaceId, t.status, t.requestedAt),
    index('agent_approvals_execution_idx').on(t.executionId),
  ],
);
