import { and, eq, gt, sql } from 'drizzle-orm';
import { errorCodes } from '@ponte/shared/errors';
import { messages } from '@ponte/shared/messages';
import type { FieldValuesLoss, RecordValue } from '@ponte/shared/db-tables.schema';
import { dbRecords, type DbTableFieldRow } from '../../db/schema';
import { uniqueViolation } from '../../db/unique-violation';
import { AppError, invalidField } from '../../lib/app-error';
import type { Db } from './db-tables.repository';
import { countValues, dropValues, moveValues } from './field-values';
import {
  createFieldIndexSql,
  createUniqueIndexSql,
  dropFieldIndexSql,
  dropUniqueIndexSql,
  jsonOf,
} from './record-sql';
import { coerceValue, defaultOf } from './record-values';
import type { FieldPair, StructurePlan } from './structure-plan';

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
  plan: StructurePlan;
  /** `removed_fields` as stored: fields removed before removals asked first. */
  removed: DbTableFieldRow[];
  applyDefaults: boolean;
  /** Stored names whose values the save may delete (`confirm_remove_values`). */
  confirmed: string[];
}

/**
 * The values a change would delete: those of every removed field, and the old values of a
 * field removed long ago under a name a new or renamed field now takes. Any not confirmed
 * refuses the whole change with 409 `field_has_values`, naming each field and its count.
 * Returns the names to drop.
 */
async function checkValueLoss(tx: Db, change: StructureChange): Promise<string[]> {
  const { plan } = change;
  const storedNames = new Set([...plan.kept, ...plan.renamed].map((pair) => pair.before.name));
  const takenNames = [...plan.added, ...plan.renamed.map((pair) => pair.after)].map((f) => f.name);
  const oldFields = change.removed.filter(
    (field) => takenNames.includes(field.name) && !storedNames.has(field.name),
  );
  const losing = [...plan.removed, ...oldFields];
  const names = losing.map((field) => field.name);
  const counts = await countValues(tx, change.tableId, names);
  const refused: FieldValuesLoss[] = [];
  for (const field of losing) {
    const count = counts.get(field.name) ?? 0;
    if (!count || change.confirmed.includes(field.name)) continue;
    const message = plan.removed.includes(field)
      ? m.fieldHasValues(field.label, count)
      : m.oldValuesUnderName(field.name, count);
    refused.push({ name: field.name, label: field.label, count, message });
  }
  if (refused.length)
    throw new AppError(
      409,
      errorCodes.fieldHasValues,
      refused.map((item) => item.message).join(' '),
      { fields: refused },
    );
  return names;
}

/** Drops a field's indexes under its stored name (before a removal or a rename). */
async function dropIndexesOf(tx: Db, tableId: string, field: DbTableFieldRow) {
  if (field.is_unique) await dropUniqueIndex(tx, tableId, field.name);
  await dropFieldIndex(tx, tableId, field.name);
}

/** A new field: the default for existing records when asked, and its indexes. */
async function addField(tx: Db, change: StructureChange, field: DbTableFieldRow) {
  const value = defaultOf(field);
  if (change.applyDefaults && value !== null) {
    await tx
      .update(dbRecords)
      .set({
        data: sql`data || jsonb_build_object(${field.name}::text, ${JSON.stringify(value)}::jsonb)`,
      })
      .where(eq(dbRecords.tableId, change.tableId));
  }
  if (field.is_unique) await createUniqueIndex(tx, change.tableId, field);
  await createFieldIndex(tx, change.tableId, field);
}

/** Checks (and rewrites) the values of a field whose rules changed. */
async function convertChanged(tx: Db, tableId: string, { before, after }: FieldPair) {
  if (!rulesChanged(before, after)) return;
  try {
    await convertField(tx, tableId, after);
  } catch (error) {
    if (uniqueViolation(error) !== null)
      throw invalidField('fields', m.uniqueExisting(after.label));
    throw error;
  }
}

/**
 * Applies a new list of fields to a table's records, inside the caller's transaction, with the
 * table row locked (docs/adr/0023, 0069): values that would be deleted are counted first and
 * refuse the change unless confirmed; renamed fields carry their values and get their indexes
 * under the new name; removed fields lose theirs. Returns the new `removed_fields`.
 */
export async function applyStructureChange(tx: Db, change: StructureChange) {
  const { tableId, plan } = change;
  const dropped = await checkValueLoss(tx, change);

  for (const field of plan.removed) await dropIndexesOf(tx, tableId, field);
  for (const { before } of plan.renamed) await dropIndexesOf(tx, tableId, before);
  await dropValues(tx, tableId, dropped);
  await moveValues(
    tx,
    tableId,
    plan.renamed.map(({ before, after }) => ({ from: before.name, to: after.name })),
  );

  for (const field of plan.added) await addField(tx, change, field);
  for (const pair of plan.renamed) {
    await convertChanged(tx, tableId, pair);
    if (pair.after.is_unique) await createUniqueIndex(tx, tableId, pair.after);
    await createFieldIndex(tx, tableId, pair.after);
  }
  for (const pair of plan.kept) {
    const { before: old, after: field } = pair;
    if (old.is_unique && !field.is_unique) await dropUniqueIndex(tx, tableId, field.name);
    await convertChanged(tx, tableId, pair);
    if (field.is_unique && !old.is_unique) await createUniqueIndex(tx, tableId, field);
    if (old.type !== field.type) {
      // The expression (and the index's kind) follows the type: built again on the new values.
      await dropFieldIndex(tx, tableId, field.name);
      await createFieldIndex(tx, tableId, field);
    }
  }
  return change.removed.filter((field) => !dropped.includes(field.name));
}
