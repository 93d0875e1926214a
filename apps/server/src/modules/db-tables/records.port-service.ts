import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  recordQuerySchema,
  recordTargetSchema,
  type RecordFilter,
  type RecordQuery,
  type RecordTarget,
} from '@ponte/shared/db-record-query.schema';
import type { Entity, RecordValue } from '@ponte/shared/db-tables.schema';
import { errorCodes } from '@ponte/shared/errors';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import type { Database } from '../../db/client';
import { dbRecords } from '../../db/schema';
import { AppError, invalidField } from '../../lib/app-error';
import type { DbTableRow } from './db-tables.repository';
import { fieldNamed } from './field-names';
import { equalsSql, fieldFilterSql, numericOf, textOf } from './record-sql';
import { coerceValue, recordDataFor, type RecordData } from './record-values';
import { createRecordsRepository, type RecordRow } from './records.repository';
import {
  createRecordsService,
  toEntity,
  uniqueField,
  type RecordsService,
} from './records.service';

const m = messages.records;
const n = messages.recordNodes;

/** The SQL conditions of a node filter; a field the table lacks or a bad bound is a 400. */
function conditions(table: DbTableRow, filter: RecordFilter, timezoneOffset: number): SQL[] {
  const out: SQL[] = [];
  for (const [name, fieldFilter] of Object.entries(filter)) {
    const field = fieldNamed(table.fields, name);
    if (!field) throw invalidField(`filter.${name}`, m.unknownField(name, table.name));
    const condition =
      'equals' in fieldFilter
        ? equalsSql(field, fieldFilter.equals)
        : fieldFilterSql(field, fieldFilter, timezoneOffset);
    if (condition) out.push(condition);
  }
  return out;
}

/** A sort by a field or a record date; records without a value come last either way. */
function orderOf(
  table: DbTableRow,
  sort: { field: string; direction: 'asc' | 'desc' } | undefined,
) {
  const tail = [asc(dbRecords.createdAt), asc(dbRecords.id)];
  if (!sort) return tail;
  const dir = sort.direction === 'desc' ? desc : asc;
  if (sort.field === 'created_at') return [dir(dbRecords.createdAt), ...tail];
  if (sort.field === 'updated_at') return [dir(dbRecords.updatedAt), ...tail];
  const field = fieldNamed(table.fields, sort.field);
  if (!field) throw invalidField('sort', m.unknownField(sort.field, table.name));
  const numeric = field.type === 'integer' || field.type === 'float';
  const value = numeric ? numericOf(field.name) : textOf(field.name);
  return [
    sort.direction === 'desc' ? sql`${value} desc nulls last` : sql`${value} asc nulls last`,
    ...tail,
  ];
}

/** A query or target that does not parse: a pt-BR 400 (the nodes build valid ones). */
function parsed<T>(
  result: { success: true; data: T } | { success: false; error: { issues: unknown[] } },
  message: string,
): T {
  if (!result.success) throw invalidField('query', message);
  return result.data;
}

function targetOf(raw: RecordTarget) {
  const given = 'filter' in raw && raw.filter && Object.keys(raw.filter).length > 0;
  return parsed(recordTargetSchema.safeParse(raw), given ? m.filterInvalid : n.targetRequired);
}

const isConflict = (error: unknown) =>
  error instanceof AppError && error.code === errorCodes.conflict;

interface UpdateDeps {
  db: Database;
  now: () => Date;
  service: RecordsService;
  records: ReturnType<typeof createRecordsRepository>;
}

/**
 * Sets the given fields of every record of the table that `where` matches (the others keep
 * their values), in one transaction with the table row `FOR SHARE` and the records `FOR
 * UPDATE`: a value refused or a unique value taken in any record changes none, and more than
 * `limits.recordsUpdateMax` matching records is refused before anything changes. `where` gets
 * the locked table, so a filter reads the structure the writes are checked against.
 */
async function updateWhere(
  { db, now, service, records }: UpdateDeps,
  workspaceId: string,
  ref: string,
  where: (table: DbTableRow) => SQL[],
  data: RecordData,
  signal?: AbortSignal,
): Promise<Entity[]> {
  let table: DbTableRow | null = null;
  const max = limits.recordsUpdateMax;
  const rows = await uniqueField(
    () => table,
    () =>
      db.transaction(async (tx) => {
        const locked = await service.tableOf(workspaceId, ref, {
          tx,
          lock: 'share',
          message: n.tableMissing(ref),
        });
        table = locked;
        signal?.throwIfAborted();
        const matched = await records.matching(tx, workspaceId, locked.id, where(locked), max + 1);
        if (matched.length > max) throw invalidField('filter', n.updateTooMany(max));
        const at = now();
        const updated: RecordRow[] = [];
        for (const row of matched) {
          // Aborted between two writes: the transaction rolls back, nothing changes.
          signal?.throwIfAborted();
          const next = recordDataFor(locked, data, row.data);
          updated.push((await records.update(tx, workspaceId, row.id, next, at))!);
        }
        return updated;
      }),
  );
  return rows.map(toEntity);
}

/** The table, once the signal allows starting; the next statement may start after it. */
async function tableBetween(
  service: RecordsService,
  workspaceId: string,
  ref: string,
  signal?: AbortSignal,
) {
  signal?.throwIfAborted();
  const found = await service.tableOf(workspaceId, ref, { message: n.tableMissing(ref) });
  signal?.throwIfAborted();
  return found;
}

/** At most `query.limit` records of the table that the node filter matches. */
async function findRecords(
  { service, records }: Pick<UpdateDeps, 'service' | 'records'>,
  workspaceId: string,
  tableRef: string,
  raw: RecordQuery = {},
  signal?: AbortSignal,
) {
  const query = parsed(recordQuerySchema.safeParse(raw), m.filterInvalid);
  const found = await tableBetween(service, workspaceId, tableRef, signal);
  const rows = await records.page(
    workspaceId,
    found.id,
    conditions(found, query.filter, query.timezoneOffset),
    { limit: query.limit, offset: 0, orderBy: orderOf(found, query.sort) },
  );
  return rows.map(toEntity);
}

/**
 * What the record nodes call (the engine's `records` port, adapted in
 * `adapters/records-port.ts`): the API's service underneath, so the same validation, unique
 * rules and workspace scope. `tableRef` is a table id or name; a table that is missing or of
 * another workspace fails with `messages.recordNodes.tableMissing` naming what was given.
 * Filters, sorts and targets are the shared `db-record-query.schema` shapes.
 *
 * `signal`, the execution's: node-postgres cannot cancel a statement it sent, so a call
 * refuses to start when it is aborted and stops between its statements (a transaction then
 * rolls back); the statement running when it aborts ends on its own.
 */
export function createRecordsPortService({ db, now }: { db: Database; now: () => Date }) {
  const service = createRecordsService({ db, now });
  const records = createRecordsRepository(db);
  const deps: UpdateDeps = { db, now, service, records };
  const table = (workspaceId: string, ref: string, signal?: AbortSignal) =>
    tableBetween(service, workspaceId, ref, signal);

  const find = (workspaceId: string, tableRef: string, raw?: RecordQuery, signal?: AbortSignal) =>
    findRecords(deps, workspaceId, tableRef, raw, signal);

  /** Updates the targeted records in one transaction; an id the table lacks updates none. */
  function updateTarget(
    workspaceId: string,
    tableRef: string,
    raw: RecordTarget,
    data: RecordData,
    signal?: AbortSignal,
  ) {
    signal?.throwIfAborted();
    const target = targetOf(raw);
    return updateWhere(
      deps,
      workspaceId,
      tableRef,
      (locked) =>
        'id' in target
          ? [eq(dbRecords.id, target.id)]
          : conditions(locked, target.filter, target.timezoneOffset),
      data,
      signal,
    );
  }

  return {
    async insert(
      workspaceId: string,
      tableRef: string,
      data: RecordData,
      signal?: AbortSignal,
    ): Promise<Entity> {
      signal?.throwIfAborted();
      return service.insert(workspaceId, tableRef, data, n.tableMissing(tableRef));
    },

    find,

    /** The record, or null when the table has no record of that id. */
    async get(
      workspaceId: string,
      tableRef: string,
      id: string,
      signal?: AbortSignal,
    ): Promise<Entity | null> {
      const found = await table(workspaceId, tableRef, signal);
      const row = await records.find(workspaceId, id);
      return row && row.tableId === found.id ? toEntity(row) : null;
    },

    /**
     * Changes the given fields of one record or of every record a filter matches (at most
     * `limits.recordsUpdateMax`, or nothing changes), all or nothing.
     */
    update: updateTarget,

    /**
     * Updates the record whose unique field `by` holds `data[by]`, or inserts one. A concurrent
     * insert of the same value loses to the unique index and is retried as an update.
     */
    async upsert(
      workspaceId: string,
      tableRef: string,
      by: string,
      data: RecordData,
      signal?: AbortSignal,
    ) {
      const found = await table(workspaceId, tableRef, signal);
      const field = fieldNamed(found.fields, by);
      if (!field) throw invalidField('unique_field', m.unknownField(by, found.name));
      if (!field.is_unique) throw invalidField('unique_field', n.notUnique(by, found.name));
      // The value under the field's name, else under the name the node was given.
      const given = data[field.name] !== undefined ? data[field.name] : data[by];
      const coerced = coerceValue({ ...field, is_required: false }, given);
      if (!coerced.ok) throw invalidField(`data.${by}`, coerced.message);
      if (coerced.value === null) throw invalidField(`data.${by}`, n.uniqueValueRequired(by));
      const value: RecordValue = coerced.value;
      for (let attempt = 0; ; attempt++) {
        const byValue = { filter: { [field.name]: { equals: value } } };
        const [updated] = await updateTarget(workspaceId, tableRef, byValue, data, signal);
        if (updated) return updated;
        signal?.throwIfAborted();
        try {
          return await service.insert(workspaceId, tableRef, data, n.tableMissing(tableRef));
        } catch (error) {
          if (attempt > 0 || !isConflict(error)) throw error;
        }
      }
    },

    /** Removes one record or every record a filter matches; answers how many. */
    async delete(
      workspaceId: string,
      tableRef: string,
      raw: RecordTarget,
      signal?: AbortSignal,
    ): Promise<number> {
      const target = targetOf(raw);
      const found = await table(workspaceId, tableRef, signal);
      if ('id' in target) return records.removeIds(workspaceId, [target.id], found.id);
      return records.removeWhere(
        workspaceId,
        found.id,
        conditions(found, target.filter, target.timezoneOffset),
      );
    },
  };
}

export type RecordsPortService = ReturnType<typeof createRecordsPortService>;
