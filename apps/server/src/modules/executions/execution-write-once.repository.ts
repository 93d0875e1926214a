import { sql, type SQL } from 'drizzle-orm';
import type { executions } from '../../db/schema';
import { storableJsonText } from '../../lib/storable-text';
import type { ExecutionOutcome } from './executions.columns';
import type { KeptExecutionData } from './execution-data';

/** An execution row as it is inserted. */
export type ExecutionInsert = typeof executions.$inferInsert;

/** An execution written once (docs/adr/0129): the row it started with, kept in memory. */
export interface WrittenOnce {
  row: ExecutionInsert;
  /** The trigger message's JSON as it came, or null (not kept). */
  triggerJson: string | null;
}

const at = (value: Date | null | undefined) => value?.toISOString() ?? null;
const json = (value: unknown) =>
  value === null || value === undefined ? null : storableJsonText(value);

/**
 * The rows of executions whose end comes with their start (docs/adr/0129): each inserted whole,
 * started and ended. If its start row was written meanwhile (its window ran out while this end
 * was on its way), the end goes over it as `writeEnds` would write it, and only while the row is
 * unfinished (a row marked crashed is never overwritten): `returning` names the rows taken.
 */
export function writtenOnceUpsert(
  items: { id: string; values: ExecutionOutcome; data?: KeptExecutionData; once: WrittenOnce }[],
): SQL {
  const values = sql.join(
    items.map(({ values: v, data, once: { row, triggerJson } }) => {
      const flowVersion = v.flowVersion ?? row.flowVersion ?? null;
      return sql`(${row.id}, ${row.workspaceId}, ${row.flowId}, ${row.triggerType}, ${row.triggerNodeUid}, ${v.status}, ${at(row.queuedAt)}::timestamptz, ${at(row.startedAt)}::timestamptz, ${at(v.endedAt)}::timestamptz, ${v.durationMs}::int, ${v.steps}::int, ${json(v.error)}::jsonb, ${triggerJson}::jsonb, ${row.ownerId ?? null}, ${row.mode ?? 'production'}, ${data?.flowHash ?? null}, ${flowVersion}::int, ${data ? 'true' : 'false'}::boolean, ${json(v.waits)}::jsonb, ${json(v.resume)}::jsonb, ${at(v.resumeAt)}::timestamptz, ${v.status === 'waiting' ? 1 : 0}::int, ${row.rerunOf ?? null}, ${row.personalDataMasked ? 'true' : 'false'}::boolean, ${v.traceId ?? null})`;
    }),
    sql`, `,
  );
  return sql`insert into executions (id, workspace_id, flow_id, trigger_type, trigger_node_uid,
      status, queued_at, started_at, ended_at, duration_ms, steps, error, trigger_msg, owner_id,
      mode, flow_hash, flow_version, data_kept, waits, resume, resume_at, wait_seq, rerun_of,
      personal_data_masked, trace_id)
    values ${values}
    on conflict (id) do update set status = excluded.status, ended_at = excluded.ended_at,
      duration_ms = excluded.duration_ms, steps = coalesce(executions.steps, 0) + excluded.steps,
      error = excluded.error, flow_hash = excluded.flow_hash,
      data_kept = executions.data_kept or excluded.data_kept,
      flow_version = coalesce(excluded.flow_version, executions.flow_version),
      waits = excluded.waits, resume = excluded.resume, resume_at = excluded.resume_at,
      wait_seq = executions.wait_seq + excluded.wait_seq,
      trace_id = coalesce(excluded.trace_id, executions.trace_id)
    where executions.status in ('queued', 'running')
    returning executions.id, executions.ended_at`;
}
