import { parseBrNumber } from '@ponte/shared/brazil/numbers';
import { messages } from '@ponte/shared/messages';
import type { RecordValue } from '@ponte/shared/db-tables.schema';
import type { DbTableFieldRow } from '../../db/schema';
import { invalidField } from '../../lib/app-error';
import { fieldNamed } from './field-names';

const m = messages.records;

export type RecordData = Record<string, RecordValue>;

/** Why a value does not fit a field (pt-BR, naming the field), or null when it fits. */
export type Coerced = { ok: true; value: RecordValue } | { ok: false; message: string };

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
/** ISO 8601 date and time with seconds optional, fraction optional and a required offset. */
const datetimePattern =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

function validDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

const fail = (message: string): Coerced => ({ ok: false, message });
const ok = (value: RecordValue): Coerced => ({ ok: true, value });

/**
 * A number, or a text read as people in Brazil type numbers ('1.234,56', '1234.56', and
 * '1.234' as 1234, as the records list shows it): the one parser of docs/adr/0077.
 */
function coerceNumber(field: DbTableFieldRow, value: RecordValue): Coerced {
  const integer = field.type === 'integer';
  const bad = () => fail(integer ? m.fieldInteger(field.label) : m.fieldFloat(field.label));
  const n =
    typeof value === 'number' ? value : typeof value === 'string' ? parseBrNumber(value) : null;
  if (n === null || !Number.isFinite(n)) return bad();
  if (integer && !Number.isSafeInteger(n)) return bad();
  return ok(n);
}

function coerceBoolean(field: DbTableFieldRow, value: RecordValue): Coerced {
  if (typeof value === 'boolean') return ok(value);
  if (value === 'true' || value === 1 || value === '1') return ok(true);
  if (value === 'false' || value === 0 || value === '0') return ok(false);
  return fail(m.fieldBoolean(field.label));
}

function coerceDate(field: DbTableFieldRow, value: RecordValue): Coerced {
  const match = typeof value === 'string' ? datePattern.exec(value.trim()) : null;
  if (!match || !validDate(Number(match[1]), Number(match[2]), Number(match[3])))
    return fail(m.fieldDate(field.label));
  return ok(match[0]);
}

function coerceDatetime(field: DbTableFieldRow, value: RecordValue): Coerced {
  const match = typeof value === 'string' ? datetimePattern.exec(value.trim()) : null;
  if (!match || !validDate(Number(match[1]), Number(match[2]), Number(match[3])))
    return fail(m.fieldDatetime(field.label));
  if (Number(match[4]) > 23 || Number(match[5]) > 59 || Number(match[6] ?? 0) > 59)
    return fail(m.fieldDatetime(field.label));
  const time = Date.parse(match[0].replace(' ', 'T'));
  if (Number.isNaN(time)) return fail(m.fieldDatetime(field.label));
  return ok(new Date(time).toISOString());
}

/**
 * A value as stored for a field: numbers as JSON numbers, dates `YYYY-MM-DD`, datetimes as UTC
 * ISO (`toISOString`, so text order is time order), texts within `length`. Empty text and
 * null are "no value" (null), checked against `is_required`.
 */
export function coerceValue(field: DbTableFieldRow, raw: RecordValue | undefined): Coerced {
  const empty = raw === undefined || raw === null || (typeof raw === 'string' && raw === '');
  if (empty) return field.is_required ? fail(m.fieldRequired(field.label)) : ok(null);
  switch (field.type) {
    case 'string':
    case 'longtext': {
      if (typeof raw !== 'string' && typeof raw !== 'number') return fail(m.fieldText(field.label));
      const text = String(raw);
      if (field.length !== null && [...text].length > field.length)
        return fail(m.fieldTooLong(field.label, field.length));
      return ok(text);
    }
    case 'integer':
    case 'float':
      return coerceNumber(field, raw);
    case 'boolean':
      return coerceBoolean(field, raw);
    case 'date':
      return coerceDate(field, raw);
    case 'datetime':
      return coerceDatetime(field, raw);
  }
}

/** The default value of a field, coerced (an unusable default counts as no value). */
export function defaultOf(field: DbTableFieldRow): RecordValue {
  if (field.default_value === null || field.default_value === '') return null;
  const coerced = coerceValue({ ...field, is_required: false }, field.default_value);
  return coerced.ok ? coerced.value : null;
}

/**
 * The given values by the name of the field each key reaches: a field's name, or one it had
 * before a rename (docs/adr/0069). A key no field answers to is refused (a typo must not lose
 * a value silently); when a field is given under its name and a former one, its name wins.
 */
function givenByField(table: { name: string; fields: DbTableFieldRow[] }, given: RecordData) {
  const byField = new Map<string, RecordValue>();
  for (const [key, value] of Object.entries(given))
    if (table.fields.some((field) => field.name === key)) byField.set(key, value);
  for (const [key, value] of Object.entries(given)) {
    const field = fieldNamed(table.fields, key);
    if (!field) throw invalidField(`data.${key}`, m.unknownField(key, table.name));
    if (!byField.has(field.name)) byField.set(field.name, value);
  }
  return byField;
}

/**
 * The data a write stores. `given` is checked key by key; `previous` (an update) supplies the
 * fields not given, a create takes the defaults. An update merges: keys of `previous` that no
 * field shows (values of a field removed before removals asked first) are kept, so no write
 * drops a value it was not given (docs/adr/0069); `null` clears a field. Throws 400 naming the
 * first field that does not fit.
 */
export function recordDataFor(
  table: { name: string; fields: DbTableFieldRow[] },
  given: RecordData,
  previous?: RecordData,
): RecordData {
  const values = givenByField(table, given);
  const data: RecordData = {};
  if (previous) {
    for (const [key, value] of Object.entries(previous))
      if (!table.fields.some((field) => field.name === key)) data[key] = value;
  }
  for (const field of table.fields) {
    let raw: RecordValue | undefined;
    if (values.has(field.name)) raw = values.get(field.name);
    else if (previous) raw = previous[field.name] ?? null;
    else raw = defaultOf(field);
    const coerced = coerceValue(field, raw);
    if (!coerced.ok) throw invalidField(`data.${field.name}`, coerced.message);
    data[field.name] = coerced.value;
  }
  return data;
}
