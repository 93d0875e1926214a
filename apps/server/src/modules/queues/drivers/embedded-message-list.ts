import { sql } from 'drizzle-orm';
import type { JobState } from '@ponte/shared/queues.schema';
import type { Database } from '../../../db/client';
import { messageColumns, rowsOf, toMessage, type MessageRow } from './embedded-message-rows';
import type { QueueMessage } from './message-queue-driver';

/**
 * Messages of a queue in any of `states`: pending ones oldest first by run_at, then failed
 * and completed ones newest finished first.
 */
export async function listMessages(
  db: Database,
  queueId: string,
  options: { states: JobState[]; page: number; limit: number },
): Promise<{ items: QueueMessage[]; total: number }> {
  if (!options.states.length) return { items: [], total: 0 };
  const states = sql.join(
    options.states.map((state) => sql`${state}`),
    sql`, `,
  );
  const limit = Math.max(1, options.limit);
  const offset = (Math.max(1, options.page) - 1) * limit;
  const rows = await rowsOf<MessageRow & { total: string | number; seq: unknown }>(
    db,
    sql`select x.*, count(*) over () as total from (
        select ${messageColumns()}, m.seq, m.run_at as run_at_ts, m.finished_at as finished_at_ts
        from queue_messages m join queues q on q.id = m.queue_id
        where m.queue_id = ${queueId}
      ) x
      where x.state in (${states})
      order by case when x.state in ('failed', 'completed') then 1 else 0 end,
        case when x.state in ('failed', 'completed') then null else x.run_at_ts end,
        x.finished_at_ts desc nulls last, x.seq
      limit ${limit} offset ${offset}`,
  );
  if (rows.length) return { items: rows.map(toMessage), total: Number(rows[0]!.total) };
  if (offset === 0) return { items: [], total: 0 };
  // A page past the end still tells how many there are.
  const counted = await rowsOf<{ total: string | number }>(
    db,
    sql`select count(*) as total from (
        select ${messageColumns()} from queue_messages m join queues q on q.id = m.queue_id
        where m.queue_id = ${queueId}
      ) x where x.state in (${states})`,
  );
  return { items: [], total: Number(counted[0]?.total ?? 0) };
}
