import { and, eq, sql } from 'drizzle-orm';
import { fieldNamePattern } from '@ponte/shared/db-tables.schema';
import { dbRecords } from '../../db/schema';
import type { Db } from './db-tables.repository';
import { jsonOf } from './record-sql';

/**
 * The values of a table's records under given keys, as a structure change counts, drops and
 * moves them (docs/adr/0069). Names are field names (identifiers), checked again here because
 * they are written into array literals.
 */

function textArray(names: string[]): string {
  for (const name of names)
    if (!fieldNamePattern.test(name)) throw new Error(`nome de campo inválido: ${name}`);
  return `{${names.join(',')}}`;
}

/** A record holds a value under `name`: the key is there and is not JSON null. */
export const holdsValue = (name: string) =>
  sql`coalesce(jsonb_typeof(${jsonOf(name)}), 'null') <> 'null'`;

/** How many records of the table hold a value under each name, in one pass. */
export async function countValues(
  tx: Db,
  tableId: string,
  names: string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (!names.length) return counts;
  const columns = sql.join(
    names.map(
      (name, i) => sql`count(*) filter (where ${holdsValue(name)})::int as ${sql.raw(`c${i}`)}`,
    ),
    sql`, `,
  );
  const result = (await tx.execute(
    sql`select ${columns} from db_records where table_id = ${tableId}`,
  )) as unknown as { rows: Record<string, number>[] };
  const row = result.rows[0] ?? {};
  names.forEach((name, i) => counts.set(name, Number(row[`c${i}`] ?? 0)));
  return counts;
}

/** Takes the keys out of every record of the table that has one of them. */
export async function dropValues(tx: Db, tableId: string, names: string[]) {
  if (!names.length) return;
  const keys = textArray(names);
  await tx
    .update(dbRecords)
    .set({ data: sql`data - ${keys}::text[]` })
    .where(and(eq(dbRecords.tableId, tableId), sql`jsonb_exists_any(data, ${keys}::text[])`));
}

/**
 * Moves each record's value from `from` to `to` for every pair at once, so names may swap or
 * chain (a→b, b→c): the new keys are built from the record as it was. A record without a
 * value under `from` ends without the key `to` (no value).
 */
export async function moveValues(tx: Db, tableId: string, moves: { from: string; to: string }[]) {
  if (!moves.length) return;
  const from = textArray(moves.map((move) => move.from));
  const to = textArray(moves.map((move) => move.to));
  const both = textArray([...new Set([...moves.map((m) => m.from), ...moves.map((m) => m.to)])]);
  const moved = sql`(select coalesce(jsonb_object_agg(m.new_key, data -> m.old_key), '{}'::jsonb)
    from unnest(${from}::text[], ${to}::text[]) as m(old_key, new_key)
    where coalesce(jsonb_typeof(data -> m.old_key), 'null') <> 'null')`;
  await tx
    .update(dbRecords)
    .set({ data: sql`(data - ${both}::text[]) || ${moved}` })
    .where(and(eq(dbRecords.tableId, tableId), sql`jsonb_exists_any(data, ${from}::text[])`));
}
