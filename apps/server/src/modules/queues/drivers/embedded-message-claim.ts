import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import {
  keptDedupKey,
  messageColumns,
  millis,
  rowsOf,
  toMessage,
  type MessageRow,
} from './embedded-message-rows';
import type { QueueMessage } from './message-queue-driver';

/**
 * Takes the next message of a queue, in one statement (docs/adr/0034): the queue row is
 * locked (every process claiming this queue waits its turn), it must not be paused and its
 * `next_start_at` must have come; the oldest due waiting message is taken (`skip locked`),
 * `next_start_at` moves 1000/max_per_second ms past now, and the message becomes active with
 * the database's now as its start and a lease of `leaseMs`.
 */
export async function claimMessage(
  db: Database,
  queueId: string,
  leaseMs: number,
): Promise<QueueMessage | null> {
  const rows = await rowsOf<MessageRow>(
    db,
    sql`with q as (
        select id, max_per_second from queues
        where id = ${queueId} and not paused
          and (max_per_second = 0 or next_start_at is null or next_start_at <= now())
        for update
      ), picked as (
        select m.id from queue_messages m join q on q.id = m.queue_id
        where m.status = 'waiting' and m.run_at <= now()
        order by m.run_at, m.seq
        limit 1
        for update of m skip locked
      ), advanced as (
        update queues set next_start_at = now() + (1000.0 / q.max_per_second) * interval '1 millisecond'
        from q, picked
        where queues.id = q.id and q.max_per_second > 0
        returning queues.id
      ), started as (
        update queue_messages set status = 'active', started_at = now(),
          attempts = queue_messages.attempts + 1, locked_until = now() + ${millis(leaseMs)},
          finished_at = null, error = null
        from picked
        where queue_messages.id = picked.id
        returning queue_messages.*
      )
      select ${messageColumns('m', 'q')}
      from started m join queues q on q.id = m.queue_id`,
  );
  return rows[0] ? { ...toMessage(rows[0]), state: 'active' } : null;
}

/** Active messages of the queue whose lease ran out (their process died) wait again, same id. */
export async function recoverExpiredMessages(db: Database, queueId: string): Promise<void> {
  await db.execute(sql`update queue_messages
    set status = 'waiting', locked_until = null, dedup_key = ${keptDedupKey}
    where queue_id = ${queueId} and status = 'active' and locked_until < now()`);
}

/**
 * How long to sleep before the next claim is worth trying: until the rate allows a start or
 * the next delayed message is due, at most `pollMs` (another process may publish).
 */
export async function idleFor(db: Database, queueId: string, pollMs: number): Promise<number> {
  const rows = await rowsOf<{ paused: boolean; rate_ms: number | null; due_ms: number | null }>(
    db,
    sql`select q.paused,
        case when q.max_per_second > 0
          then round(extract(epoch from (q.next_start_at - now())) * 1000)::float8 end as rate_ms,
        (select round(extract(epoch from (min(m.run_at) - now())) * 1000)::float8
          from queue_messages m where m.queue_id = q.id and m.status = 'waiting') as due_ms
      from queues q where q.id = ${queueId}`,
  );
  const row = rows[0];
  if (!row || row.paused || row.due_ms === null) return pollMs;
  const due = Math.max(Number(row.due_ms), row.rate_ms === null ? 0 : Number(row.rate_ms));
  return Math.min(pollMs, Math.max(1, due));
}
