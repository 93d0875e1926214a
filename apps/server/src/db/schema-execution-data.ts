import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { ExecutionNodeSummary } from '@ponte/shared/execution-data.schema';

/**
 * What an execution kept of its nodes (docs/adr/0089), one row per execution: the nodes'
 * summaries for the canvas in the order each first ran, and their runs as the text of one JSON
 * object (node uid → `NodeRun[]`) made by joining the engine's JSON; a node's runs are read
 * back with `runs::json -> uid`, without parsing the messages in Node. Written with the
 * execution's end; removed with the logs' retention.
 */
export const executionData = pgTable(
  'execution_data',
  {
    executionId: text('execution_id').primaryKey(),
    workspaceId: text('workspace_id').notNull(),
    flowId: text('flow_id').notNull(),
    summaries: jsonb('summaries').$type<ExecutionNodeSummary[]>().notNull(),
    runs: text('runs').notNull(),
    /** Bytes of message JSON in `runs`. */
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  // Only the retention reads by time; rows arrive in time order, which a BRIN index follows
  // for almost nothing per insert.
  // A flow's own retention (docs/adr/0123) reads its rows by flow and time.
  (t) => [
    index('execution_data_created_idx').using('brin', t.createdAt),
    index('execution_data_flow_created_idx').on(t.flowId, t.createdAt),
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
