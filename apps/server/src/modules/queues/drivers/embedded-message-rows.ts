import { sql, type SQL } from 'drizzle-orm';
import type { JobState } from '@ponte/shared/queues.schema';
import type { Database } from '../../../db/client';
import type { QueueMessage } from './message-queue-driver';

/** A row of `queue_messages` as the selects below give it (times in epoch milliseconds). */
export interface MessageRow {
  id: string;
  queue_id: string;
  workspace_id: string;
  message: unknown;
  publisher: string;
  delay_ms: number | string;
  delayed: boolean;
  dedup_key: string | null;
  attempts: number | string;
  error: string | null;
  execution_id: string | null;
  state: JobState;
  published_at: number | string;
  run_at: number | string;
  started_at: number | string | null;
  finished_at: number | string | null;
}

/** Milliseconds since the epoch of a timestamp column, the same on PGlite and PostgreSQL. */
const epochMs = (column: string) => sql.raw(`round(extract(epoch from ${column}) * 1000)::float8`);

/**
 * What a message shows (docs/adr/0034): a waiting message whose run_at is ahead is delayed;
 * a due one in a paused queue is paused; otherwise its status.
 */
export const messageStateOf = (m: string, q: string) =>
  sql.raw(`case when ${m}.status = 'waiting' and ${m}.run_at > now() then 'delayed'
    when ${m}.status = 'waiting' and ${q}.paused then 'paused'
    else ${m}.status end`);

/** The columns of a MessageRow, from `m` (queue_messages) joined with `q` (queues). */
export const messageColumns = (m = 'm', q = 'q'): SQL => sql`${sql.raw(
  `${m}.id, ${m}.queue_id, ${m}.workspace_id, ${m}.message, ${m}.publisher, ${m}.delay_ms,
    ${m}.delayed, ${m}.dedup_key, ${m}.attempts, ${m}.error, ${m}.execution_id`,
)}, ${messageStateOf(m, q)} as state,
  ${epochMs(`${m}.created_at`)} as published_at, ${epochMs(`${m}.run_at`)} as run_at,
  ${epochMs(`${m}.started_at`)} as started_at, ${epochMs(`${m}.finished_at`)} as finished_at`;

const toDate = (value: number | string | null) => (value === null ? null : new Date(Number(value)));

export function toMessage(row: MessageRow): QueueMessage {
  return {
    id: row.id,
    queueId: row.queue_id,
    workspaceId: row.workspace_id,
    message: row.message ?? null,
    publisher: row.publisher,
    publishedAt: toDate(row.published_at)!,
    runAt: toDate(row.run_at)!,
    delayMs: Number(row.delay_ms),
    delayed: Boolean(row.delayed),
    state: row.state,
    attempts: Number(row.attempts),
    startedAt: toDate(row.started_at),
    finishedAt: toDate(row.finished_at),
    error: row.error,
    dedupKey: row.dedup_key,
    executionId: row.execution_id,
  };
}

/** Runs a statement and gives its rows (PGlite and node-postgres both answer `rows`). */
export async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** An interval of `ms` milliseconds, for `now() + …`. */
export const millis = (ms: number) => sql`(${ms}::float8 * interval '1 millisecond')`;

/**
 * The dedup key a message keeps when it goes back to waiting: none when another message with
 * the same key waits already (the partial unique index allows one waiting message per key).
 */
export const keptDedupKey = sql.raw(`case when queue_messages.dedup_key is not null and exists (
    select 1 from queue_messages o where o.queue_id = queue_messages.queue_id
      and o.dedup_key = queue_messages.dedup_key and o.status = 'waiting')
  then null else queue_messages.dedup_key end`);
