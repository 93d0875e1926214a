import type { SQL } from 'drizzle-orm';
import { messages } from '@ponte/shared/messages';
import { limits } from '@ponte/shared/limits';
import {
  entityFilterSchema,
  type Entity,
  type EntityFilter,
  type EntityList,
} from '@ponte/shared/db-tables.schema';
import type { Database } from '../../db/client';
import { uniqueViolation } from '../../db/unique-violation';
import { conflict, invalidField, notFound } from '../../lib/app-error';
import { pageOffset, toIso } from '../../lib/list-query';
import { createDbTablesRepository, type Db, type DbTableRow } from './db-tables.repository';
import { fieldNamed } from './field-names';
import { fieldFilterSql, uniqueFieldOf } from './record-sql';
import { recordDataFor, type RecordData } from './record-values';
import { createRecordsRepository, type RecordRow } from './records.repository';

const m = messages.records;

export interface RecordsServiceDeps {
  db: Database;
  now: () => Date;
}

export const toEntity = (row: RecordRow): Entity => ({
  _id: row.id,
  table: row.tableId,
  data: row.data,
  created_at: toIso(row.createdAt),
  updated_at: toIso(row.updatedAt),
});

/** The `filter` query parameter: JSON of `entityFilterSchema`; anything else is a 400. */
export function parseFilter(raw: string | undefined, table?: string): EntityFilter {
  let json: unknown;
  try {
    json = raw ? JSON.parse(raw) : { table };
  } catch {
    throw invalidField('filter', m.filterInvalid);
  }
  if (table && json && typeof json === 'object' && !('table' in json))
    (json as Record<string, unknown>).table = table;
  const parsed = entityFilterSchema.safeParse(json);
  if (!parsed.success) throw invalidField('filter', m.filterInvalid);
  return parsed.data;
}

/** The SQL conditions of a filter's fields; a field the table does not have is a 400. */
export function filterConditions(table: DbTableRow, filter: EntityFilter): SQL[] {
  const conditions: SQL[] = [];
  for (const [name, fieldFilter] of Object.entries(filter.fields)) {
    const field = fieldNamed(table.fields, name);
    if (!field) throw invalidField(`filter.${name}`, m.unknownField(name, table.name));
    const condition = fieldFilterSql(field, fieldFilter, filter.timezoneOffset);
    if (condition) conditions.push(condition);
  }
  return conditions;
}

/** A unique index's violation as a 400 naming the field. */
export async function uniqueField<T>(table: () => DbTableRow | null, write: () => Promise<T>) {
  try {
    return await write();
  } catch (error) {
    const constraint = uniqueViolation(error);
    const current = table();
    if (constraint !== null && current) {
      const field = uniqueFieldOf(current.id, current.fields, constraint);
      if (field) throw conflict(`data.${field.name}`, m.uniqueTaken(field.label));
    }
    throw error;
  }
}

/**
 * Record reads and writes shared by the API and the record nodes (`records.port-service.ts`):
 * one validation, one unique rule, one workspace scope.
 */
export function createRecordsService({ db, now }: RecordsServiceDeps) {
  const tables = createDbTablesRepository(db);
  const records = createRecordsRepository(db);
  const missingRecord = (id: string) => notFound(m.notFound, { kind: 'db_record', id });

  /** A table of the workspace by id or name; `message` is the 404's text. */
  async function tableOf(
    workspaceId: string,
    ref: string,
    options: { tx?: Db; lock?: 'share' | 'update'; message?: string } = {},
  ): Promise<DbTableRow> {
    const table = await tables.findRef(workspaceId, ref, options.tx, options.lock);
    if (!table)
      throw notFound(options.message ?? messages.tables.notFound, { kind: 'db_table', id: ref });
    return table;
  }

  async function insert(workspaceId: string, ref: string, data: RecordData, message?: string) {
    let table: DbTableRow | null = null;
    const row = await uniqueField(
      () => table,
      () =>
        db.transaction(async (tx) => {
          table = await tableOf(workspaceId, ref, {
            tx,
            lock: 'share',
            ...(message ? { message } : {}),
          });
          return records.insert(tx, workspaceId, table.id, recordDataFor(table, data), now());
        }),
    );
    return toEntity(row);
  }

  /**
   * Changes the given fields of a record; the others keep their values. The transaction locks
   * the table before it reads any record, then reads the record locked: a structure change
   * that committed while this write waited (a rename moving the values) is what the write
   * merges over, never a copy read before it, and the change's index DDL never waits on a
   * transaction that waits on it (docs/adr/0069). Which table is read first, outside.
   */
  async function update(workspaceId: string, id: string, data: RecordData, tableRef?: string) {
    const found = await records.find(workspaceId, id);
    if (!found) throw missingRecord(id);
    let table: DbTableRow | null = null;
    const row = await uniqueField(
      () => table,
      () =>
        db.transaction(async (tx) => {
          table = await tableOf(workspaceId, found.tableId, { tx, lock: 'share' });
          const current = await records.find(workspaceId, id, tx, 'update');
          if (!current || current.tableId !== table.id) throw missingRecord(id);
          if (
            tableRef &&
            tableRef !== table.id &&
            tableRef.toLowerCase() !== table.name.toLowerCase()
          )
            throw missingRecord(id);
          const next = recordDataFor(table, data, current.data);
          return (await records.update(tx, workspaceId, id, next, now()))!;
        }),
    );
    return toEntity(row);
  }

  return {
    tableOf,
    insert,
    update,

    async list(
      workspaceId: string,
      query: { page: number; size: number; filter: string },
    ): Promise<EntityList> {
      const filter = parseFilter(query.filter);
      const table = await tableOf(workspaceId, filter.table);
      const conditions = filterConditions(table, filter);
      // Exact up to the cap, the cap beyond (the list shows '+10000'), filtered or not.
      const total = await records.count(workspaceId, table.id, conditions, limits.totalCap);
      const page = { limit: query.size, offset: pageOffset(query.page, query.size, total) };
      // Fewer matches than the cap: read them through the filter's index and sort them.
      const rows =
        conditions.length && total < limits.totalCap
          ? await records.pageOfFew(workspaceId, table.id, conditions, page)
          : await records.page(workspaceId, table.id, conditions, page);
      return { items: rows.map(toEntity), total };
    },

    async get(workspaceId: string, id: string): Promise<Entity> {
      const row = await records.find(workspaceId, id);
      if (!row) throw missingRecord(id);
      return toEntity(row);
    },

    async remove(workspaceId: string, id: string): Promise<void> {
      if (!(await records.removeIds(workspaceId, [id]))) throw missingRecord(id);
    },

    /** Removes the listed records of the workspace; ids of other workspaces are ignored. */
    async removeMany(workspaceId: string, ids: string[]): Promise<number> {
      return records.removeIds(workspaceId, ids.slice(0, limits.recordsMassDeleteMax));
    },
  };
}

export type RecordsService = ReturnType<typeof createRecordsService>;
