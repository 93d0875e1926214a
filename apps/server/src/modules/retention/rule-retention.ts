import { sql } from 'drizzle-orm';
import { fieldNamePattern } from '@ponte/shared/db-tables.schema';
import type { Database } from '../../db/client';
import type { DbTableFieldRow } from '../../db/schema';
import type { MessageQueueDriver } from '../queues/drivers/message-queue-driver';
import type { StorageService } from '../storage/storage.service';
import { emptyRemoval, inBatches, totalOf, type Removal } from './retention-tally';

const recordBatch = 1_000;
const messageBatch = 500;
const fileBatch = 500;

/** The São Paulo calendar day of an instant, `YYYY-MM-DD`. */
const saoPauloDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * Which records of a table are past the cutoff: by a date field (stored `YYYY-MM-DD`: days
 * before the cutoff's day in São Paulo), a datetime field (stored as UTC ISO 8601, which sorts
 * as its instants: at or before the cutoff) or, without a field, by their creation. A record
 * without a value in the field is kept. The field's text is the expression its filter index
 * covers (record-sql.ts).
 */
function recordsPast(field: DbTableFieldRow | null, cutoff: Date) {
  if (!field) return sql`r.created_at <= ${cutoff.toISOString()}::timestamptz`;
  if (!fieldNamePattern.test(field.name)) throw new Error(`nome de campo inválido: ${field.name}`);
  const value = sql.raw(`(r.data->>'${field.name}')`);
  return field.type === 'date'
    ? sql`${value} < ${saoPauloDay.format(cutoff)}`
    : sql`${value} <= ${cutoff.toISOString()}`;
}

/** Removes a table's records older than the cutoff, in batches; rows' bytes as stored. */
export async function deleteRecords(
  db: Database,
  target: { workspaceId: string; tableId: string; field: DbTableFieldRow | null },
  cutoff: Date,
): Promise<Removal> {
  const tally = await inBatches(
    db,
    recordBatch,
    sql`with gone as (
      delete from db_records d where d.id in (
        select r.id from db_records r
        where r.workspace_id = ${target.workspaceId} and r.table_id = ${target.tableId}
          and ${recordsPast(target.field, cutoff)}
        limit ${recordBatch})
      returning d.workspace_id, pg_column_size(d.*) as size)
    select workspace_id, count(*)::int as removed, coalesce(sum(size), 0)::bigint as bytes
    from gone group by workspace_id`,
  );
  return totalOf(tally);
}

/**
 * Removes a queue's finished messages (completed and failed) older than the cutoff, through its
 * driver: the database's rows or Redis's keys, each measured by its own store.
 */
export async function deleteMessages(
  driver: Pick<MessageQueueDriver, 'removeFinished'>,
  queueId: string,
  cutoff: Date,
): Promise<Removal> {
  const total = emptyRemoval();
  for (;;) {
    const removal = await driver.removeFinished(queueId, cutoff, messageBatch);
    total.removed += removal.removed;
    total.bytes += removal.bytes;
    if (removal.removed < messageBatch) return total;
  }
}

/**
 * Removes the files anywhere under a Storage folder last written before the cutoff; the folders
 * stay. A file another pass removed first is not counted.
 */
export async function deleteFiles(
  storage: Pick<StorageService, 'oldFiles' | 'remove'>,
  target: { workspaceId: string; folder: string },
  cutoff: Date,
): Promise<Removal> {
  const total = emptyRemoval();
  for (;;) {
    const files = await storage.oldFiles(target.workspaceId, target.folder, cutoff, fileBatch);
    let progress = 0;
    for (const file of files) {
      try {
        await storage.remove(target.workspaceId, file.path);
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) continue;
        throw error;
      }
      progress += 1;
      total.removed += 1;
      total.bytes += file.size;
    }
    if (files.length < fileBatch || progress === 0) return total;
  }
}
