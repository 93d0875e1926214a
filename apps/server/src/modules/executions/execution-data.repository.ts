import { and, asc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { ExecutionNodeSummary } from '@ponte/shared/execution-data.schema';
import type { Database } from '../../db/client';
import { executionNodeData, flowSnapshots } from '../../db/schema';
import type { KeptExecutionData } from './execution-data';

/** A text[] parameter (one parameter however many rows: a batch never nears the 65 535 limit). */
const texts = (values: (string | null)[]) => sql`${sql.param(values)}::text[]`;

/**
 * The inserts of the node data and flow snapshots of a batch of ends, as common table
 * expressions following `ended` (the ends' update, returning `id` and `ended_at`): a node's data
 * is written only with an end the update took, in the same statement.
 */
export function keptDataInserts(items: { id: string; data?: KeptExecutionData }[]): SQL {
  const nodes = items.flatMap(({ id, data }) =>
    (data?.nodes ?? []).map((node) => ({ id, data: data!, node })),
  );
  const snapshots = items.flatMap(({ data }) => (data?.snapshot ? [data] : []));
  return sql`nodes as (
    insert into execution_node_data
      (execution_id, node_uid, workspace_id, flow_id, seq, summary, runs, bytes, created_at)
    select d.execution_id, d.node_uid, d.workspace_id, d.flow_id, d.seq::int, d.summary::jsonb,
      d.runs, d.bytes::int, ended.ended_at
    from unnest(${texts(nodes.map((n) => n.id))}, ${texts(nodes.map((n) => n.node.nodeUid))},
      ${texts(nodes.map((n) => n.data.workspaceId))}, ${texts(nodes.map((n) => n.data.flowId))},
      ${texts(nodes.map((n) => String(n.node.seq)))}, ${texts(nodes.map((n) => n.node.summary))},
      ${texts(nodes.map((n) => n.node.runs))}, ${texts(nodes.map((n) => String(n.node.bytes)))})
      as d(execution_id, node_uid, workspace_id, flow_id, seq, summary, runs, bytes)
    join ended on ended.id = d.execution_id
    on conflict do nothing
  ), snapshots as (
    insert into flow_snapshots (flow_id, hash, workspace_id, data, created_at)
    select distinct on (s.flow_id, s.hash) s.flow_id, s.hash, s.workspace_id, s.data::jsonb,
      ended.ended_at
    from unnest(${texts(snapshots.map((s) => s.flowId))}, ${texts(snapshots.map((s) => s.flowHash))},
      ${texts(snapshots.map((s) => s.workspaceId))}, ${texts(snapshots.map((s) => s.snapshot!.json))},
      ${texts(items.flatMap(({ id, data }) => (data?.snapshot ? [id] : [])))})
      as s(flow_id, hash, workspace_id, data, execution_id)
    join ended on ended.id = s.execution_id
    on conflict do nothing
  )`;
}

/** Reads of the kept node data (every one scoped to the workspace) and its retention. */
export function createExecutionDataRepository(db: Database) {
  return {
    /** The summaries of an execution's nodes, in the order each first ran. */
    async summaries(workspaceId: string, executionId: string): Promise<ExecutionNodeSummary[]> {
      const rows = await db
        .select({ summary: executionNodeData.summary })
        .from(executionNodeData)
        .where(
          and(
            eq(executionNodeData.workspaceId, workspaceId),
            eq(executionNodeData.executionId, executionId),
          ),
        )
        .orderBy(asc(executionNodeData.seq));
      return rows.map((row) => row.summary);
    },

    /** The JSON array of a node's runs, as stored; null when it kept none. */
    async runs(workspaceId: string, executionId: string, nodeUid: string): Promise<string | null> {
      const [row] = await db
        .select({ runs: executionNodeData.runs })
        .from(executionNodeData)
        .where(
          and(
            eq(executionNodeData.workspaceId, workspaceId),
            eq(executionNodeData.executionId, executionId),
            eq(executionNodeData.nodeUid, nodeUid),
          ),
        );
      return row?.runs ?? null;
    },

    /** The flow document of a version, or null. */
    async snapshot(workspaceId: string, flowId: string, hash: string): Promise<unknown> {
      const [row] = await db
        .select({ data: flowSnapshots.data })
        .from(flowSnapshots)
        .where(
          and(
            eq(flowSnapshots.workspaceId, workspaceId),
            eq(flowSnapshots.flowId, flowId),
            eq(flowSnapshots.hash, hash),
          ),
        );
      return row?.data ?? null;
    },

    /**
     * Removes node data older than `cutoff` (in batches), then the snapshots older than it that
     * no execution kept since refers to. Resolves with the rows removed.
     */
    async deleteOlderThan(cutoff: Date, batch = 1_000): Promise<number> {
      let removed = 0;
      for (;;) {
        const oldest = db
          .select({ id: executionNodeData.executionId })
          .from(executionNodeData)
          .where(lte(executionNodeData.createdAt, cutoff))
          .limit(batch);
        const rows = await db
          .delete(executionNodeData)
          .where(
            and(
              inArray(executionNodeData.executionId, oldest),
              lte(executionNodeData.createdAt, cutoff),
            ),
          )
          .returning({ id: executionNodeData.executionId });
        removed += rows.length;
        if (rows.length < batch) break;
      }
      const snapshots = await db.execute(sql`
        delete from flow_snapshots s
        where s.created_at <= ${cutoff.toISOString()}::timestamptz
          and not exists (
            select 1 from executions e
            where e.workspace_id = s.workspace_id and e.flow_id = s.flow_id
              and e.ended_at > ${cutoff.toISOString()}::timestamptz
              and e.flow_hash = s.hash and e.data_kept)
        returning s.hash`);
      return removed + (snapshots as unknown as { rows: unknown[] }).rows.length;
    },
  };
}

export type ExecutionDataRepository = ReturnType<typeof createExecutionDataRepository>;
