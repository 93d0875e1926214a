import { asc, desc, sql, type SQL } from 'drizzle-orm';
import { fieldFilterSchema, type Entity, type RecordValue } from '@ponte/shared/db-tables.schema';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import type { Database } from '../../db/client';
import { dbRecords } from '../../db/schema';
import { invalidField } from '../../lib/app-error';
import type { DbTableRow } from './db-tables.repository';
import { equalsSql, fieldFilterSql, jsonOf, textOf } from './record-sql';
import type { RecordData } from './record-values';
import { createRecordsRepository } from './records.repository';
import { createRecordsService, toEntity } from './records.service';

const m = messages.records;

/**
 * A filter of the record nodes: by field name, a plain value (equals, coerced to the field's
 * type) or a field filter of the records list ({contains}, {from, to}, {equals}).
 */
export type PortFilter = Record<string, unknown>;
export interface PortSort {
  field: string;
  direction?: 'asc' | 'desc';
}
export interface FindOptions {
  filter?: PortFilter;
  sort?: PortSort | PortSort[];
  limit?: number;
}
/** A record by id, or every record a filter matches. */
export type Target = { id: string } | { filter: PortFilter };

function conditions(target: DbTableRow, filter: PortFilter = {}): SQL[] {
  const out: SQL[] = [];
  for (const [name, value] of Object.entries(filter)) {
    if (name === '_id') {
      out.push(sql`${dbRecords.id} = ${String(value)}`);
      continue;
    }
    const field = target.fields.find((candidate) => candidate.name === name);
    if (!field) throw invalidField(`filter.${name}`, m.unknownField(name));
    const structured =
      value !== null && typeof value === 'object' ? fieldFilterSchema.safeParse(value) : null;
    if (structured && !structured.success)
      throw invalidField(`filter.${name}`, m.filterField(field.label));
    const condition = structured?.success
      ? fieldFilterSql(field, structured.data, 180)
      : equalsSql(field, value as RecordValue);
    if (condition) out.push(condition);
  }
  return out;
}

function orderOf(target: DbTableRow, sort: FindOptions['sort']): SQL[] {
  const list = sort ? (Array.isArray(sort) ? sort : [sort]) : [];
  const order = list.map(({ field, direction }) => {
    const dir = direction === 'desc' ? desc : asc;
    if (field === 'created_at') return dir(dbRecords.createdAt);
    if (field === 'updated_at') return dir(dbRecords.updatedAt);
    if (field === '_id') return dir(dbRecords.id);
    const def = target.fields.find((candidate) => candidate.name === field);
    if (!def) throw invalidField('sort', m.unknownField(field));
    const numeric = def.type === 'integer' || def.type === 'float';
    return dir(numeric ? sql`${jsonOf(field)}` : textOf(field));
  });
  return [...order, asc(dbRecords.createdAt), asc(dbRecords.id)];
}

/**
 * What the record nodes call (the engine's `records` port): the API's service underneath, so
 * the same validation, unique rules and workspace scope. `tableRef` is a table id or name; a
 * table that is missing or of another workspace fails with a pt-BR message naming it.
 */
export function createRecordsPortService({ db, now }: { db: Database; now: () => Date }) {
  const service = createRecordsService({ db, now });
  const records = createRecordsRepository(db);
  const table = (workspaceId: string, ref: string) =>
    service.tableOf(workspaceId, ref, { message: m.tableNotFound(ref) });

  async function find(workspaceId: string, tableRef: string, options: FindOptions = {}) {
    const target = await table(workspaceId, tableRef);
    const limit = Math.min(
      Math.max(1, options.limit ?? limits.recordsFindMax),
      limits.recordsFindMax,
    );
    const rows = await records.page(workspaceId, target.id, conditions(target, options.filter), {
      limit,
      offset: 0,
      orderBy: orderOf(target, options.sort),
    });
    return rows.map(toEntity);
  }

  async function idsOf(workspaceId: string, tableRef: string, target: Target) {
    const found = await table(workspaceId, tableRef);
    if ('id' in target) return { table: found, ids: [target.id] };
    const ids = await records.ids(
      workspaceId,
      found.id,
      conditions(found, target.filter),
      limits.recordsFindMax,
    );
    return { table: found, ids };
  }

  return {
    insert: (workspaceId: string, tableRef: string, data: RecordData): Promise<Entity> =>
      table(workspaceId, tableRef).then((found) => service.insert(workspaceId, found.id, data)),

    find,

    /** The record, or null when the table has no record of that id. */
    async get(workspaceId: string, tableRef: string, id: string): Promise<Entity | null> {
      const [row] = await find(workspaceId, tableRef, { filter: { _id: id }, limit: 1 });
      return row ?? null;
    },

    /** Changes the given fields of one record or of every record a filter matches. */
    async update(workspaceId: string, tableRef: string, target: Target, data: RecordData) {
      const { table: found, ids } = await idsOf(workspaceId, tableRef, target);
      const updated: Entity[] = [];
      for (const id of ids) {
        try {
          updated.push(await service.update(workspaceId, id, data, found.id));
        } catch (error) {
          if ('id' in target) throw error;
          // A record removed meanwhile is skipped; anything else stops the update.
          if ((error as { statusCode?: number }).statusCode !== 404) throw error;
        }
      }
      return updated;
    },

    /**
     * Updates the record whose unique field `by` holds `data[by]`, or inserts one. A concurrent
     * insert of the same value loses to the unique index and is retried as an update.
     */
    async upsert(workspaceId: string, tableRef: string, by: string, data: RecordData) {
      const found = await table(workspaceId, tableRef);
      const field = found.fields.find((candidate) => candidate.name === by);
      if (!field || !field.is_unique) throw invalidField('by', m.unknownField(by));
      for (let attempt = 0; ; attempt++) {
        const [existing] = await find(workspaceId, found.id, {
          filter: { [by]: data[by] ?? null },
          limit: 1,
        });
        if (existing) return service.update(workspaceId, existing._id, data, found.id);
        try {
          return await service.insert(workspaceId, found.id, data);
        } catch (error) {
          if (attempt > 0 || (error as { code?: string }).code !== 'conflict') throw error;
        }
      }
    },

    /** Removes one record or every record a filter matches; answers how many. */
    async delete(workspaceId: string, tableRef: string, target: Target): Promise<number> {
      const found = await table(workspaceId, tableRef);
      if ('id' in target) return records.removeIds(workspaceId, [target.id], found.id);
      return records.removeWhere(workspaceId, found.id, conditions(found, target.filter));
    },
  };
}

export type RecordsPortService = ReturnType<typeof createRecordsPortService>;
