import { sql } from 'drizzle-orm';
import { emptyQueueCounts, type QueueCounts } from '@ponte/shared/queues.schema';
import type { Database } from '../../../db/client';
import { listMessages } from './embedded-message-list';
import {
  keptDedupKey,
  messageColumns,
  rowsOf,
  toMessage,
  type MessageRow,
} from './embedded-message-rows';
import type { MessageQueueDriver } from './message-queue-driver';

/**
 * The finished rows of a queue older than `before`, at most `limit`, deleted; their bytes are
 * the rows' own size as PostgreSQL stores them (pg_column_size of the whole row).
 */
async function removeFinishedRows(db: Database, queueId: string, before: Date, limit: number) {
  const rows = await rowsOf<{ removed: number; bytes: string | number }>(
    db,
    sql`with old as (
          select id from queue_messages
          where queue_id = ${queueId} and status in ('completed', 'failed')
            and finished_at <= ${before.toISOString()}::timestamptz
          order by finished_at limit ${limit}),
        gone as (
          delete from queue_messages m using old
          where m.id = old.id and m.status in ('completed', 'failed')
          returning pg_column_size(m.*) as size)
        select count(*)::int as removed, coalesce(sum(size), 0)::bigint as bytes from gone`,
  );
  return { removed: Number(rows[0]?.removed ?? 0), bytes: Number(rows[0]?.bytes ?? 0) };
}

/** The embedded driver's pause, counters, lists and single-message actions. */
export function createEmbeddedMessageAdmin(
  db: Database,
  kick: (queueId: string) => void,
): Pick<
  MessageQueueDriver,
  | 'pause'
  | 'resume'
  | 'isPaused'
  | 'clean'
  | 'counts'
  | 'list'
  | 'get'
  | 'remove'
  | 'retry'
  | 'removeFinished'
> {
  return {
    async pause(queueId) {
      await db.execute(sql`update queues set paused = true where id = ${queueId}`);
    },
    async resume(queueId) {
      await db.execute(sql`update queues set paused = false where id = ${queueId}`);
      kick(queueId);
    },
    async isPaused(queueId) {
      const rows = await rowsOf<{ paused: boolean }>(
        db,
        sql`select paused from queues where id = ${queueId}`,
      );
      return rows[0]?.paused === true;
    },
    async clean(queueId) {
      const rows = await rowsOf<{ id: string }>(
        db,
        sql`delete from queue_messages where queue_id = ${queueId} and status = 'waiting'
          returning id`,
      );
      return rows.length;
    },
    async counts(queueId): Promise<QueueCounts> {
      const rows = await rowsOf<Record<keyof QueueCounts, string | number>>(
        db,
        sql`select
            count(*) filter (where m.status = 'waiting' and m.run_at > now()) as delayed,
            count(*) filter (where m.status = 'waiting' and m.run_at <= now() and not q.paused) as waiting,
            count(*) filter (where m.status = 'waiting' and m.run_at <= now() and q.paused) as paused,
            count(*) filter (where m.status = 'active') as active,
            count(*) filter (where m.status = 'failed') as failed,
            count(*) filter (where m.status = 'completed') as completed
          from queue_messages m join queues q on q.id = m.queue_id
          where m.queue_id = ${queueId}`,
      );
      const counts = emptyQueueCounts();
      for (const state of Object.keys(counts) as (keyof QueueCounts)[]) {
        counts[state] = Number(rows[0]?.[state] ?? 0);
      }
      return counts;
    },
    async remove(queueId, messageId) {
      const rows = await rowsOf<{ id: string }>(
        db,
        sql`delete from queue_messages
          where queue_id = ${queueId} and id = ${messageId} and status <> 'active' returning id`,
      );
      return rows.length === 1;
    },
    async retry(queueId, messageId) {
      const rows = await rowsOf<{ id: string }>(
        db,
        sql`update queue_messages set status = 'waiting',
            run_at = date_trunc('milliseconds', now()), finished_at = null,
            error = null, locked_until = null, dedup_key = ${keptDedupKey}
          where queue_id = ${queueId} and id = ${messageId} and status = 'failed' returning id`,
      );
      if (rows.length) kick(queueId);
      return rows.length === 1;
    },
    removeFinished: (queueId, before, limit) => removeFinishedRows(db, queueId, before, limit),
    list: (queueId, listOptions) => listMessages(db, queueId, listOptions),
    async get(queueId, messageId) {
      const rows = await rowsOf<MessageRow>(
        db,
        sql`select ${messageColumns()} from queue_messages m join queues q on q.id = m.queue_id
          where m.queue_id = ${queueId} and m.id = ${messageId}`,
      );
      return rows[0] ? toMessage(rows[0]) : null;
    },
  };
}
