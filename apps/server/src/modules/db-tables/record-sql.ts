import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { fieldNamePattern, type FieldFilter } from '@ponte/shared/db-tables.schema';
import { messages } from '@ponte/shared/messages';
import type { DbTableFieldRow } from '../../db/schema';
import { invalidField } from '../../lib/app-error';
import { containsFolded } from '../../lib/list-query';
import { coerceValue, type RecordData } from './record-values';

const m = messages.records;

/**
 * The unique index of one field of one table: `db_records_uq_` and a hash of both (names must
 * fit PostgreSQL's 63 characters), partial on the table so each table has its own rule.
 */
export function uniqueIndexName(tableId: string, field: string): string {
  const hash = createHash('sha1').update(`${tableId}\0${field}`).digest('hex').slice(0, 40);
  return `db_records_uq_${hash}`;
}

/** A literal for DDL, which takes no parameters. Ids are UUIDs, names identifiers. */
function literal(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

function checkedName(field: string): string {
  if (!fieldNamePattern.test(field)) throw new Error(`nome de campo inválido: ${field}`);
  return field;
}

export function createUniqueIndexSql(tableId: string, field: string): SQL {
  const name = uniqueIndexName(tableId, field);
  return sql.raw(
    `create unique index if not exists "${name}" on db_records ((data->>${literal(checkedName(field))})) where table_id = ${literal(tableId)}`,
  );
}

export function dropUniqueIndexSql(tableId: string, field: string): SQL {
  return sql.raw(`drop index if exists "${uniqueIndexName(tableId, field)}"`);
}

/** The filter index of one field of one table: `db_records_ix_` and a hash, like the unique one. */
export function fieldIndexName(tableId: string, field: string): string {
  const hash = createHash('sha1').update(`${tableId}\0${field}`).digest('hex').slice(0, 40);
  return `db_records_ix_${hash}`;
}

/**
 * The index that serves a field's filter (docs/adr/0023), partial on the table, on the very
 * expression `fieldFilterSql` writes (the planner matches expressions, not meanings): the
 * numeric `case` for integer and float ranges, the text for date and datetime ranges (ISO
 * strings sort as their instants), a pg_trgm GIN on the folded text (`ponte_fold`, lower case
 * without accents, docs/adr/0079) for text contains (pg_trgm and `ponte_fold` are installed by
 * the migrations on both databases). Booleans get none: half
 * the rows match, the scan is as good. Null when the type has no index.
 */
export function createFieldIndexSql(tableId: string, field: DbTableFieldRow): SQL | null {
  const name = checkedName(field.name);
  const on = `"${fieldIndexName(tableId, name)}" on db_records`;
  const only = `where table_id = ${literal(tableId)}`;
  const txt = `(data->>'${name}')`;
  switch (field.type) {
    case 'integer':
    case 'float':
      return sql.raw(
        `create index if not exists ${on} ((case when jsonb_typeof((data->'${name}')) = 'number' then ${txt}::numeric end)) ${only}`,
      );
    case 'date':
    case 'datetime':
      return sql.raw(`create index if not exists ${on} (${txt}) ${only}`);
    case 'string':
    case 'longtext':
      // No pending list: the embedded database has no autovacuum to merge it, and a long one
      // makes every search read it all.
      return sql.raw(
        `create index if not exists ${on} using gin (ponte_fold(${txt}) gin_trgm_ops) with (fastupdate = off) ${only}`,
      );
    default:
      return null;
  }
}

export function dropFieldIndexSql(tableId: string, field: string): SQL {
  return sql.raw(`drop index if exists "${fieldIndexName(tableId, field)}"`);
}

/** The field whose unique index a violation names, or null. */
export function uniqueFieldOf(
  tableId: string,
  fields: DbTableFieldRow[],
  constraint: string,
): DbTableFieldRow | null {
  return fields.find((field) => uniqueIndexName(tableId, field.name) === constraint) ?? null;
}

/** `data->'name'` and `data->>'name'`: names are identifiers, inlined like the indexes'. */
export const jsonOf = (name: string) => sql.raw(`(data->'${checkedName(name)}')`);
export const textOf = (name: string) => sql.raw(`(data->>'${checkedName(name)}')`);
const text = textOf;
/** A field's number, or SQL null when it holds none (for ranges and sorts). */
export const numericOf = (name: string) =>
  sql`(case when jsonb_typeof(${jsonOf(name)}) = 'number' then ${textOf(name)}::numeric end)`;

function numberBound(field: DbTableFieldRow, bound: unknown): number | null {
  if (bound === undefined || bound === null || bound === '') return null;
  const coerced = coerceValue({ ...field, type: 'float', is_required: false }, bound as string);
  if (!coerced.ok || typeof coerced.value !== 'number')
    throw invalidField(`filter.${field.name}`, m.filterField(field.label));
  return coerced.value;
}

function dateBound(field: DbTableFieldRow, bound: unknown): string | null {
  if (bound === undefined || bound === null || bound === '') return null;
  const coerced = coerceValue({ ...field, type: 'date', is_required: false }, bound as string);
  if (!coerced.ok) throw invalidField(`filter.${field.name}`, m.filterField(field.label));
  return coerced.value as string;
}

const localPattern = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * A datetime bound as UTC ISO. A bound with an offset is taken as is; a local one (as the
 * browser's pickers send) is read at `timezoneOffset` minutes (Date.getTimezoneOffset: UTC =
 * local + offset). A day alone covers the whole day: 00:00 for `from`, 23:59:59.999 for `to`.
 */
export function datetimeBound(
  field: DbTableFieldRow,
  bound: unknown,
  end: boolean,
  timezoneOffset: number,
): string | null {
  if (bound === undefined || bound === null || bound === '') return null;
  const bad = () => invalidField(`filter.${field.name}`, m.filterField(field.label));
  if (typeof bound !== 'string') throw bad();
  const local = localPattern.exec(bound.trim());
  if (local) {
    const [, y, mo, d, h, mi, s] = local;
    const hasTime = h !== undefined;
    const utc = Date.UTC(
      Number(y),
      Number(mo) - 1,
      Number(d),
      hasTime ? Number(h) : end ? 23 : 0,
      hasTime ? Number(mi) : end ? 59 : 0,
      s !== undefined ? Number(s) : end ? 59 : 0,
      end ? 999 : 0,
    );
    if (Number.isNaN(utc)) throw bad();
    return new Date(utc + timezoneOffset * 60_000).toISOString();
  }
  const coerced = coerceValue({ ...field, type: 'datetime', is_required: false }, bound);
  if (!coerced.ok) throw bad();
  return coerced.value as string;
}

/** The SQL condition of one field filter; throws 400 when it does not suit the field's type. */
export function fieldFilterSql(
  field: DbTableFieldRow,
  filter: FieldFilter,
  timezoneOffset: number,
): SQL | null {
  const bad = () => invalidField(`filter.${field.name}`, m.filterField(field.label));
  const name = field.name;
  if ('contains' in filter) {
    if (field.type !== 'string' && field.type !== 'longtext') throw bad();
    if (!filter.contains) return null;
    return containsFolded(text(name), filter.contains);
  }
  if ('equals' in filter) {
    if (field.type !== 'boolean') throw bad();
    return sql`${jsonOf(name)} = ${JSON.stringify(filter.equals)}::jsonb`;
  }
  const parts: SQL[] = [];
  if (field.type === 'integer' || field.type === 'float') {
    const from = numberBound(field, filter.from);
    const to = numberBound(field, filter.to);
    if (from !== null) parts.push(sql`${numericOf(name)} >= ${String(from)}::numeric`);
    if (to !== null) parts.push(sql`${numericOf(name)} <= ${String(to)}::numeric`);
  } else if (field.type === 'date') {
    const from = dateBound(field, filter.from);
    const to = dateBound(field, filter.to);
    if (from !== null) parts.push(sql`${text(name)} >= ${from}`);
    if (to !== null) parts.push(sql`${text(name)} <= ${to}`);
  } else if (field.type === 'datetime') {
    const from = datetimeBound(field, filter.from, false, timezoneOffset);
    const to = datetimeBound(field, filter.to, true, timezoneOffset);
    if (from !== null) parts.push(sql`${text(name)} >= ${from}`);
    if (to !== null) parts.push(sql`${text(name)} <= ${to}`);
  } else throw bad();
  if (!parts.length) return null;
  return sql.join(parts, sql` and `);
}

/** Equality with a value coerced to the field's type (the record nodes' plain filters). */
export function equalsSql(field: DbTableFieldRow, value: RecordData[string]): SQL {
  const coerced = coerceValue({ ...field, is_required: false, length: null }, value);
  if (!coerced.ok) throw invalidField(`filter.${field.name}`, coerced.message);
  const json = jsonOf(field.name);
  if (coerced.value === null) return sql`(${json} is null or ${json} = 'null'::jsonb)`;
  return sql`${json} = ${JSON.stringify(coerced.value)}::jsonb`;
}
