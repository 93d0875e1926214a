import { parseBrNumber } from '@ponte/shared/brazil/numbers';
import {
  recordQuerySchema,
  recordTargetSchema,
  type RecordFieldFilter,
  type RecordTarget,
} from '@ponte/shared/db-record-query.schema';
import type { Entity, FieldType, RecordValue, TableField } from '@ponte/shared/db-tables.schema';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import { matchesSearch } from '@ponte/shared/search-text';
import type { ExecutionScope, RecordsPort } from '../ports';

const m = messages.recordNodes;

export type FakeField = Pick<TableField, 'name' | 'type'> &
  Partial<Pick<TableField, 'length' | 'default_value' | 'is_unique' | 'is_required'>>;

export interface FakeTable {
  _id: string;
  name: string;
  workspaceId: string;
  fields: FakeField[];
}

interface StoredRecord extends Entity {
  workspaceId: string;
}

/** The in-memory records port of the engine's tests: the simple way, one table at a time. */
export interface FakeRecordsPort extends RecordsPort {
  tables: FakeTable[];
  stored: StoredRecord[];
  /** A table of `workspaceId` (the test scope's unless told). */
  addTable(table: { name: string; fields: FakeField[]; workspaceId?: string }): FakeTable;
}

const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const localDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/** The records API's messages; a fake field has no label, its name stands for it. */
const r = messages.records;
const typeProblem: Record<FieldType, (label: string) => string> = {
  string: r.fieldText,
  longtext: r.fieldText,
  integer: r.fieldInteger,
  float: r.fieldFloat,
  boolean: r.fieldBoolean,
  date: r.fieldDate,
  datetime: r.fieldDatetime,
};

/** A value as its field stores it, or a pt-BR error naming the field. */
export function coerceValue(field: FakeField, value: unknown): RecordValue {
  if (value === undefined || value === null || value === '') return null;
  const bad = () => new Error(typeProblem[field.type](field.name));
  switch (field.type) {
    case 'string':
    case 'longtext': {
      if (typeof value !== 'string' && typeof value !== 'number') throw bad();
      const text = String(value);
      if (field.length && text.length > field.length)
        throw new Error(r.fieldTooLong(field.name, field.length));
      return text;
    }
    case 'integer':
    case 'float': {
      // As the server reads them (docs/adr/0077): '1.234,56', '1234.56'.
      const number =
        typeof value === 'number' ? value : typeof value === 'string' ? parseBrNumber(value) : null;
      if (
        number === null ||
        !Number.isFinite(number) ||
        (field.type === 'integer' && !Number.isInteger(number))
      )
        throw bad();
      return number;
    }
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 'false') return value === 'true';
      throw bad();
    case 'date':
      if (typeof value !== 'string' || !isoDate.test(value) || Number.isNaN(Date.parse(value)))
        throw bad();
      return value;
    case 'datetime':
      if (typeof value !== 'string' || !isoDateTime.test(value) || Number.isNaN(Date.parse(value)))
        throw bad();
      return new Date(value).toISOString();
  }
}

/** A datetime bound: with an offset as written, without one in the query's time zone. */
function instant(bound: string | number, offsetMinutes: number, endOfDay: boolean): number {
  const text = String(bound);
  if (isoDateTime.test(text)) return Date.parse(text);
  const local = isoDate.test(text)
    ? `${text}T${endOfDay ? '23:59:59.999' : '00:00:00'}`
    : localDateTime.test(text)
      ? text
      : '';
  const parsed = Date.parse(`${local}Z`);
  if (!local || Number.isNaN(parsed)) throw new Error(`Data inválida no filtro: ${text}`);
  return parsed + offsetMinutes * 60_000;
}

function matches(
  field: FakeField,
  value: RecordValue | undefined,
  filter: RecordFieldFilter,
  offset: number,
): boolean {
  if ('contains' in filter) return value != null && matchesSearch(String(value), filter.contains);
  if ('equals' in filter) {
    const wanted = coerceValue(field, filter.equals);
    if (wanted === null) return value == null;
    return value === wanted;
  }
  if (value == null) return false;
  const measure = (v: string | number, end: boolean): string | number =>
    field.type === 'datetime'
      ? instant(v, offset, end)
      : field.type === 'integer' || field.type === 'float'
        ? Number(coerceValue(field, v))
        : String(v);
  const own = field.type === 'datetime' ? Date.parse(String(value)) : value;
  if (filter.from != null && own < measure(filter.from, false)) return false;
  if (filter.to != null && own > measure(filter.to, true)) return false;
  return true;
}

export function createFakeRecords(defaultWorkspace: string): FakeRecordsPort {
  let sequence = 0;
  const clock = Date.parse('2026-01-01T12:00:00Z');
  const now = () => new Date(clock + ++sequence * 1000).toISOString();
  const port: FakeRecordsPort = {
    tables: [],
    stored: [],
    addTable({ name, fields, workspaceId = defaultWorkspace }) {
      const table = { _id: `tb-${port.tables.length + 1}`, name, workspaceId, fields };
      port.tables.push(table);
      return table;
    },
    async insert(scope, ref, data, signal) {
      signal.throwIfAborted();
      const table = tableOf(port, scope, ref);
      const record = build(table, {}, data, true);
      checkUnique(port, table, [record]);
      const at = now();
      const stored = {
        _id: `rec-${++sequence}`,
        table: table._id,
        data: record,
        workspaceId: table.workspaceId,
        created_at: at,
        updated_at: at,
      };
      port.stored.push(stored);
      return entity(stored);
    },
    async find(scope, ref, rawQuery, signal) {
      signal.throwIfAborted();
      const table = tableOf(port, scope, ref);
      const query = recordQuerySchema.parse(rawQuery);
      const rows = select(port, table, query.filter, query.timezoneOffset);
      const sort = query.sort;
      if (sort) {
        const key = (row: StoredRecord) =>
          sort.field === 'created_at' || sort.field === 'updated_at'
            ? row[sort.field]
            : (row.data[fieldOf(table, sort.field).name] ?? null);
        const sign = sort.direction === 'desc' ? -1 : 1;
        rows.sort((a, b) => {
          const [x, y] = [key(a), key(b)];
          if (x === y) return 0;
          if (x === null) return 1;
          if (y === null) return -1;
          return (x < y ? -1 : 1) * sign;
        });
      }
      return rows.slice(0, query.limit).map(entity);
    },
    async get(scope, ref, id, signal) {
      signal.throwIfAborted();
      const table = tableOf(port, scope, ref);
      const row = port.stored.find((r) => r.table === table._id && r._id === id);
      return row ? entity(row) : null;
    },
    async update(scope, ref, target, data, signal) {
      signal.throwIfAborted();
      const table = tableOf(port, scope, ref);
      const rows = targeted(port, table, target);
      if (rows.length > limits.recordsUpdateMax)
        throw new Error(m.updateTooMany(limits.recordsUpdateMax));
      const next = rows.map((row) => build(table, row.data, data, false));
      checkUnique(port, table, next, new Set(rows.map((row) => row._id)));
      const at = now();
      rows.forEach((row, index) => Object.assign(row, { data: next[index], updated_at: at }));
      return rows.map(entity);
    },
    async upsert(scope, ref, uniqueField, data, signal) {
      signal.throwIfAborted();
      const table = tableOf(port, scope, ref);
      const field = fieldOf(table, uniqueField);
      if (!field.is_unique) throw new Error(m.notUnique(uniqueField, table.name));
      const value = coerceValue(field, data[uniqueField]);
      if (value === null) throw new Error(m.uniqueValueRequired(uniqueField));
      const existing = port.stored.find(
        (r) => r.table === table._id && r.data[field.name] === value,
      );
      if (!existing) return port.insert(scope, ref, data, signal);
      const [updated] = await port.update(scope, ref, { id: existing._id }, data, signal);
      return updated!;
    },
    async delete(scope, ref, target, signal) {
      signal.throwIfAborted();
      const table = tableOf(port, scope, ref);
      const gone = new Set(targeted(port, table, target));
      port.stored = port.stored.filter((row) => !gone.has(row));
      return gone.size;
    },
  };

  return port;
}

function tableOf(port: FakeRecordsPort, scope: ExecutionScope, ref: string): FakeTable {
  const own = port.tables.filter((t) => t.workspaceId === scope.workspaceId);
  const table = own.find((t) => t._id === ref) ?? own.find((t) => t.name === ref);
  if (!table) throw new Error(m.tableMissing(ref));
  return table;
}

function fieldOf(table: FakeTable, name: string): FakeField {
  const field = table.fields.find((f) => f.name === name);
  if (!field) throw new Error(messages.records.unknownField(name, table.name));
  return field;
}

function build(
  table: FakeTable,
  current: Record<string, RecordValue>,
  data: Record<string, unknown>,
  inserting: boolean,
): Record<string, RecordValue> {
  for (const name of Object.keys(data)) fieldOf(table, name);
  const next: Record<string, RecordValue> = { ...current };
  for (const field of table.fields) {
    if (field.name in data) next[field.name] = coerceValue(field, data[field.name]);
    else if (inserting) next[field.name] = coerceValue(field, field.default_value ?? null);
    if (field.is_required && next[field.name] == null) throw new Error(r.fieldRequired(field.name));
  }
  return next;
}

function checkUnique(
  port: FakeRecordsPort,
  table: FakeTable,
  written: Record<string, RecordValue>[],
  replaced = new Set<string>(),
) {
  for (const field of table.fields.filter((f) => f.is_unique)) {
    const taken = new Set(
      port.stored
        .filter((r) => r.table === table._id && !replaced.has(r._id))
        .map((r) => r.data[field.name])
        .filter((v) => v != null),
    );
    for (const data of written) {
      const value = data[field.name];
      if (value == null) continue;
      if (taken.has(value)) throw new Error(r.uniqueTaken(field.name));
      taken.add(value);
    }
  }
}

function select(
  port: FakeRecordsPort,
  table: FakeTable,
  filter: Record<string, RecordFieldFilter>,
  offset: number,
) {
  const checks = Object.entries(filter).map(([name, f]) => [fieldOf(table, name), f] as const);
  return port.stored.filter(
    (row) =>
      row.table === table._id &&
      checks.every(([field, f]) => matches(field, row.data[field.name], f, offset)),
  );
}

function targeted(port: FakeRecordsPort, table: FakeTable, raw: RecordTarget): StoredRecord[] {
  const parsed = recordTargetSchema.safeParse(raw);
  if (!parsed.success) throw new Error(m.targetRequired);
  const target = parsed.data;
  if ('id' in target)
    return port.stored.filter((r) => r.table === table._id && r._id === target.id);
  return select(port, table, target.filter, target.timezoneOffset);
}

function entity({ workspaceId: _, ...record }: StoredRecord): Entity {
  return structuredClone(record);
}
