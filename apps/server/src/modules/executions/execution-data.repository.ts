import { and, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { ExecutionNodeSummary } from '@ponte/shared/execution-data.schema';
import type { Database } from '../../db/client';
import { executionData, flowSnapshots } from '../../db/schema';
import type { KeptExecutionData } from './execution-data';

/** A text[] parameter (one parameter however many rows: a batch never nears the 65 535 limit). */
const texts = (values: (string | null)[]) => sql`${sql.param(values)}::text[]`;

/** The one row of an execution's node data: the summaries and runs of its nodes together. */
function executionDataRow(id: string, data: KeptExecutionData) {
  return {
    id,
    data,
    summaries: `[${data.nodes.map((node) => node.summary).join(',')}]`,
    runs: `{${data.nodes.map((node) => `${JSON.stringify(node.nodeUid)}:${node.runs}`).join(',')}}`,
    bytes: data.nodes.reduce((sum, node) => sum + node.bytes, 0),
  };
}

/**
 * A node's summary over two parts of an execution (`a.o`, then `b.n`): the later status and
 * error, runs, items, outputs and time added up.
 */
const mergedSummary = sql.raw(`case when a.o is null then b.n when b.n is null then a.o
  else b.n || jsonb_build_object(
    'runs', (a.o->>'runs')::int + (b.n->>'runs')::int,
    'items', (a.o->>'items')::int + (b.n->>'items')::int,
    'duration_ms', (a.o->>'duration_ms')::numeric + (b.n->>'duration_ms')::numeric,
    'outputs', (select coalesce(jsonb_object_agg(key,
        coalesce((a.o->'outputs'->>key)::int, 0) + coalesce((b.n->'outputs'->>key)::int, 0)), '{}'::jsonb)
      from (select jsonb_object_keys(a.o->'outputs') as key
        union select jsonb_object_keys(b.n->'outputs')) as keys))
  end`);

/**
 * The inserts of the node data and flow snapshots of a batch of ends, as common table
 * expressions following `ended` (the ends' update, returning `id` and `ended_at`): an
 * execution's data is written only with an end the update took, in the same statement, as one
 * row (docs/adr/0089: a row per node cost production executions more than the 10 % allowed).
 * A resumed execution's part (docs/adr/0100, 0110) is merged into the row its wait wrote: a
 * node that ran in both keeps the runs of both, in order (every attempt of a node that tried
 * again), and its summary adds them up.
 */
export function keptDataInserts(items: { id: string; data?: KeptExecutionData }[]): SQL {
  const rows = items.flatMap(({ id, data }) => (data ? [executionDataRow(id, data)] : []));
  const kept = sql`kept as (
    insert into execution_data
      (execution_id, workspace_id, flow_id, summaries, runs, bytes, created_at)
    select d.execution_id, d.workspace_id, d.flow_id, d.summaries::jsonb, d.runs, d.bytes::int,
      ended.ended_at
    from unnest(${texts(rows.map((row) => row.id))}, ${texts(rows.map((row) => row.data.workspaceId))},
      ${texts(rows.map((row) => row.data.flowId))}, ${texts(rows.map((row) => row.summaries))},
      ${texts(rows.map((row) => row.runs))}, ${texts(rows.map((row) => String(row.bytes)))})
      as d(execution_id, workspace_id, flow_id, summaries, runs, bytes)
    join ended on ended.id = d.execution_id
    on conflict (execution_id) do update set
      summaries = (
        select coalesce(jsonb_agg(${mergedSummary} order by coalesce(a.at, 1000000 + b.at)), '[]'::jsonb)
        from jsonb_array_elements(execution_data.summaries) with ordinality as a(o, at)
        full join jsonb_array_elements(excluded.summaries) with ordinality as b(n, at)
          on a.o->>'node_uid' = b.n->>'node_uid'),
      runs = (
        select coalesce(jsonb_object_agg(k, coalesce(execution_data.runs::jsonb -> k, '[]'::jsonb)
          || coalesce(excluded.runs::jsonb -> k, '[]'::jsonb)), '{}'::jsonb)
        from (select jsonb_object_keys(execution_data.runs::jsonb) as k
          union select jsonb_object_keys(excluded.runs::jsonb)) as keys)::text,
      bytes = execution_data.bytes + excluded.bytes
  )`;
  const snapshots = items.flatMap(({ id, data }) => (data?.snapshot ? [{ id, data }] : []));
  if (snapshots.length === 0) return kept;
  return sql`${kept}, snapshots as (
    insert into flow_snapshots (flow_id, hash, workspace_id, data, created_at)
    select distinct on (s.flow_id, s.hash) s.flow_id, s.hash, s.workspace_id, s.data::jsonb,
      ended.ended_at
    from unnest(${texts(snapshots.map((s) => s.data.flowId))}, ${texts(snapshots.map((s) => s.data.flowHash))},
      ${texts(snapshots.map((s) => s.data.workspaceId))}, ${texts(snapshots.map((s) => s.data.snapshot!.json))},
      ${texts(snapshots.map((s) => s.id))})
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
      const [row] = await db
        .select({ summaries: executionData.summaries })
        .from(executionData)
        .where(
          and(
            eq(executionData.workspaceId, workspaceId),
            eq(executionData.executionId, executionId),
          ),
        );
      return row?.summaries ?? [];
    },

    /** The JSON array of a node's runs, as stored; null when it kept none. */
    async runs(workspaceId: string, executionId: string, nodeUid: string): Promise<string | null> {
      const [row] = await db
        .select({ runs: sql<string | null>`(${executionData.runs}::json -> ${nodeUid})::text` })
        .from(executionData)
        .where(
          and(
            eq(executionData.workspaceId, workspaceId),
            eq(executionData.executionId, executionId),
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
          .select({ id: executionData.executionId })
          .from(executionData)
          .where(lte(executionData.createdAt, cutoff))
          .limit(batch);
        const rows = await db
          .delete(executionData)
          .where(
            and(inArray(executionData.executionId, oldest), lte(executionData.createdAt, cutoff)),
          )
          .returning({ id: executionData.executionId });
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
