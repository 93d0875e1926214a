import { and, eq, gt, sql } from 'drizzle-orm';
import { messages } from '@ponte/shared/messages';
import type { RecordValue } from '@ponte/shared/db-tables.schema';
import { dbRecords, type DbTableFieldRow } from '../../db/schema';
import { uniqueViolation } from '../../db/unique-violation';
import { invalidField } from '../../lib/app-error';
import type { Db } from './db-tables.repository';
import {
  createFieldIndexSql,
  createUniqueIndexSql,
  dropFieldIndexSql,
  dropUniqueIndexSql,
  jsonOf,
} from './record-sql';
import { coerceValue, defaultOf } from './record-values';

const m = messages.tables;

/** How many offending record ids a refused change lists. */
const listedIds = 20;

function listIds(ids: string[], total: number): string {
  const shown = ids.join(', ');
  return total > ids.length ? `${shown} e mais ${total - ids.length}` : shown;
}

const rulesChanged = (before: DbTableFieldRow, after: DbTableFieldRow) =>
  before.type !== after.type ||
  before.length !== after.length ||
  (!before.is_required && after.is_required);

/** Creates the unique index of a field; existing repeated values refuse the change (400). */
export async function createUniqueIndex(tx: Db, tableId: string, field: DbTableFieldRow) {
  try {
    await tx.execute(createUniqueIndexSql(tableId, field.name));
  } catch (error) {
    if (uniqueViolation(error) !== null)
      throw invalidField('fields', m.uniqueExisting(field.label));
    throw error;
  }
}

export async function dropUniqueIndex(tx: Db, tableId: string, field: string) {
  await tx.execute(dropUniqueIndexSql(tableId, field));
}

/** Creates the index that serves a field's filter, when its type has one. */
export async function createFieldIndex(tx: Db, tableId: string, field: DbTableFieldRow) {
  const statement = createFieldIndexSql(tableId, field);
  if (statement) await tx.execute(statement);
}

export async function dropFieldIndex(tx: Db, tableId: string, field: string) {
  await tx.execute(dropFieldIndexSql(tableId, field));
}

/** A table's indexes when it is created (or duplicated): unique and filter ones. */
export async function createFieldIndexes(tx: Db, tableId: string, fields: DbTableFieldRow[]) {
  for (const field of fields) {
    if (field.is_unique) await createUniqueIndex(tx, tableId, field);
    await createFieldIndex(tx, tableId, field);
  }
}

/** Drops every index of a table's fields, before the table goes. */
export async function dropFieldIndexes(tx: Db, tableId: string, fields: DbTableFieldRow[]) {
  for (const field of fields) {
    if (field.is_unique) await dropUniqueIndex(tx, tableId, field.name);
    await dropFieldIndex(tx, tableId, field.name);
  }
}

/** Records read per batch by a structure change. */
const batchSize = 2000;

/**
 * Checks every record's value of a field against its new rules and rewrites the values that
 * change form (text "12" to the integer 12), a batch at a time. Any value that does not fit
 * refuses the change with the offending ids; the caller's transaction then undoes the batches
 * already rewritten, so nothing is half-changed.
 */
async function convertField(tx: Db, tableId: string, field: DbTableFieldRow) {
  const offending: string[] = [];
  let offendingCount = 0;
  let after = '';
  for (;;) {
    const rows = await tx
      .select({ id: dbRecords.id, value: sql<RecordValue>`${jsonOf(field.name)}` })
      .from(dbRecords)
      .where(and(eq(dbRecords.tableId, tableId), gt(dbRecords.id, after)))
      .orderBy(dbRecords.id)
      .limit(batchSize);
    for (const row of rows) {
      const coerced = coerceValue(field, row.value ?? null);
      if (!coerced.ok) {
        offendingCount++;
        if (offending.length < listedIds) offending.push(row.id);
      } else if (!offendingCount && coerced.value !== (row.value ?? null)) {
        await tx
          .update(dbRecords)
          .set({
            data: sql`jsonb_set(data, ${`{${field.name}}`}::text[], ${JSON.stringify(coerced.value)}::jsonb, true)`,
          })
          .where(and(eq(dbRecords.tableId, tableId), eq(dbRecords.id, row.id)));
      }
    }
    if (rows.length < batchSize) break;
    after = rows[rows.length - 1]!.id;
  }
  if (offendingCount)
    throw invalidField(
      'fields',
      m.fieldChangeRefused(field.label, listIds(offending, offendingCount)),
    );
}

export interface StructureChange {
  tableId: string;
  before: DbTableFieldRow[];
  after: DbTableFieldRow[];
  removed: DbTableFieldRow[];
  applyDefaults: boolean;
}

/**
 * Applies a new list of fields to a table's records, inside the caller's transaction
 * (docs/adr/0023). Returns the new list of removed fields.
 */
export async function applyStructureChange(tx: Db, change: StructureChange) {
  const { tableId, before, after } = change;
  const oldByName = new Map(before.map((field) => [field.name, field]));
  const newByName = new Map(after.map((field) => [field.name, field]));
  let removed = change.removed.filter((field) => !newByName.has(field.name));

  for (const field of before) {
    if (newByName.has(field.name)) continue;
    if (field.is_unique) await dropUniqueIndex(tx, tableId, field.name);
    await dropFieldIndex(tx, tableId, field.name);
    removed = [...removed.filter((old) => old.name !== field.name), field];
  }
  for (const field of after) {
    const old = oldByName.get(field.name);
    if (!old) {
      if (change.removed.some((gone) => gone.name === field.name)) {
        // A field of the same name comes back: the old values go, they may not fit.
        await tx
          .update(dbRecords)
          .set({ data: sql`data - ${field.name}::text` })
          .where(eq(dbRecords.tableId, tableId));
      }
      const value = defaultOf(field);
      if (change.applyDefaults && value !== null) {
        await tx
          .update(dbRecords)
          .set({
            data: sql`data || jsonb_build_object(${field.name}::text, ${JSON.stringify(value)}::jsonb)`,
          })
          .where(eq(dbRecords.tableId, tableId));
      }
      if (field.is_unique) await createUniqueIndex(tx, tableId, field);
      await createFieldIndex(tx, tableId, field);
      continue;
    }
    if (old.is_unique && !field.is_unique) await dropUniqueIndex(tx, tableId, field.name);
    if (rulesChanged(old, field)) {
      try {
        await convertField(tx, tableId, field);
      } catch (error) {
        if (uniqueViolation(error) !== null)
          throw invalidField('fields', m.uniqueExisting(field.label));
        throw error;
      }
    }
    if (field.is_unique && !old.is_unique) await createUniqueIndex(tx, tableId, field);
    if (old.type !== field.type) {
      // The expression (and the index's kind) follows the type: built again on the new values.
      await dropFieldIndex(tx, tableId, field.name);
      await createFieldIndex(tx, tableId, field);
    }
  }
  return removed;
}
