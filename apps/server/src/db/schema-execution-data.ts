import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { ExecutionNodeSummary } from '@ponte/shared/execution-data.schema';

/**
 * What an execution kept of each node (docs/adr/0089): its summary for the canvas and the JSON
 * array of its runs (`NodeRun[]`) as text, made by joining the engine's JSON and sent back as
 * is. Written with the execution's end; removed with the logs' retention.
 */
export const executionNodeData = pgTable(
  'execution_node_data',
  {
    executionId: text('execution_id').notNull(),
    nodeUid: text('node_uid').notNull(),
    workspaceId: text('workspace_id').notNull(),
    flowId: text('flow_id').notNull(),
    /** The order in which the node first ran in the execution. */
    seq: integer('seq').notNull(),
    summary: jsonb('summary').$type<ExecutionNodeSummary>().notNull(),
    runs: text('runs').notNull(),
    /** Bytes of message JSON in `runs`. */
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.executionId, t.nodeUid] }),
    index('execution_node_data_workspace_created_idx').on(t.workspaceId, t.createdAt),
  ],
);

/**
 * The flow documents executions ran, once per version (`hash`: sha256 of the document's JSON):
 * 'Abrir no editor' shows an execution on the flow as it was. Removed by the retention once no
 * kept execution refers to it.
 */
export const flowSnapshots = pgTable(
  'flow_snapshots',
  {
    flowId: text('flow_id').notNull(),
    hash: text('hash').notNull(),
    workspaceId: text('workspace_id').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.flowId, t.hash] })],
);
