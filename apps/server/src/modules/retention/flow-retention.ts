import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { inBatches, merge, type Tally } from './retention-tally';

/**
 * Which logs and execution data a pass removes (docs/adr/0123): the instance's, older than
 * PONTE_LOG_RETENTION_DAYS, of every flow but those with their own days (`except`); or one
 * flow's, older than its `config.retention_days`.
 */
export type FlowScope =
  | { kind: 'instance'; cutoff: Date; except: string[] }
  | { kind: 'flow'; workspaceId: string; flowId: string; cutoff: Date };

const logBatch = 5_000;
const dataBatch = 1_000;

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const ids = (values: string[]) => sql`${sql.param(values)}::text[]`;

/** The rows of `alias` in scope: by flow (and its workspace), or every flow but the exceptions. */
function flowsOf(scope: FlowScope, alias: string): SQL {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  return scope.kind === 'flow'
    ? sql`${column('workspace_id')} = ${scope.workspaceId} and ${column('flow_id')} = ${scope.flowId}`
    : sql`${column('flow_id')} <> all(${ids(scope.except)})`;
}

/** The answer of every batch: removed rows and their bytes, by workspace. */
const byWorkspace = sql.raw(`select workspace_id, count(*)::int as removed,
  coalesce(sum(size), 0)::bigint as bytes from gone group by workspace_id`);

/**
 * Bytes are measured as PostgreSQL stores each removed row: `pg_column_size` of the whole row
 * (its TOASTed values at their compressed size), summed.
 */
export function deleteLogs(db: Database, scope: FlowScope): Promise<Tally> {
  return inBatches(
    db,
    logBatch,
    sql`with gone as (
      delete from logs d where d.id in (
        select l.id from logs l where l.created_at <= ${at(scope.cutoff)} and ${flowsOf(scope, 'l')}
        limit ${logBatch})
      returning d.workspace_id, pg_column_size(d.*) as size)
    ${byWorkspace}`,
  );
}

/**
 * An execution's data: its nodes' data (`execution_data`), the flow versions no execution kept
 * since refers to (`flow_snapshots`), and its trigger message (`executions.trigger_msg`, set to
 * null: the execution's row, its status and times stay in the history).
 */
export async function deleteExecutionData(db: Database, scope: FlowScope): Promise<Tally> {
  const cutoff = at(scope.cutoff);
  const nodeData = await inBatches(
    db,
    dataBatch,
    sql`with gone as (
      delete from execution_data d where d.execution_id in (
        select x.execution_id from execution_data x
        where x.created_at <= ${cutoff} and ${flowsOf(scope, 'x')} limit ${dataBatch})
      and d.created_at <= ${cutoff}
      returning d.workspace_id, pg_column_size(d.*) as size)
    ${byWorkspace}`,
  );
  const triggers = await inBatches(
    db,
    dataBatch,
    sql`with old as (
        select e.id, e.workspace_id, pg_column_size(e.trigger_msg) as size from executions e
        where e.ended_at <= ${cutoff} and e.trigger_msg is not null and ${flowsOf(scope, 'e')}
        limit ${dataBatch} for update skip locked),
      gone as (
        update executions e set trigger_msg = null from old where e.id = old.id
        returning old.workspace_id, old.size)
    ${byWorkspace}`,
  );
  const snapshots = await inBatches(
    db,
    dataBatch,
    sql`with gone as (
      delete from flow_snapshots s
      where (s.flow_id, s.hash) in (
        select o.flow_id, o.hash from flow_snapshots o
        where o.created_at <= ${cutoff} and ${flowsOf(scope, 'o')}
          and not exists (
            select 1 from executions e
            where e.workspace_id = o.workspace_id and e.flow_id = o.flow_id
              and e.ended_at > ${cutoff} and e.flow_hash = o.hash and e.data_kept)
        limit ${dataBatch})
      returning s.workspace_id, pg_column_size(s.*) as size)
    ${byWorkspace}`,
  );
  return merge(merge(nodeData, triggers), snapshots);
}

/** A flow with its own retention. */
export interface OwnRetentionFlow {
  id: string;
  workspaceId: string;
  name: string;
  days: number;
}

/** Every flow of the instance (or of one workspace) that keeps its own number of days. */
export async function flowsWithOwnRetention(
  db: Database,
  workspaceId?: string,
): Promise<OwnRetentionFlow[]> {
  const result = await db.execute(sql`
    select id, workspace_id, name, (config->>'retention_days')::int as days from flows
    where jsonb_typeof(config->'retention_days') = 'number'
      ${workspaceId ? sql`and workspace_id = ${workspaceId}` : sql``}
    order by lower(name), id`);
  return (
    result as unknown as {
      rows: { id: string; workspace_id: string; name: string; days: number }[];
    }
  ).rows.map((row) => ({
    id: row.id,
    workspaceId: row.workspace_id,
    name: row.name,
    days: Number(row.days),
  }));
}
