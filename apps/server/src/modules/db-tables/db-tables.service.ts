import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { messages } from '@ponte/shared/messages';
import type {
  Table,
  TableList,
  tableBodySchema,
  tableListQuerySchema,
} from '@ponte/shared/db-tables.schema';
import type { Database } from '../../db/client';
import type { DbTableFieldRow } from '../../db/schema';
import { invalidField, notFound } from '../../lib/app-error';
import { toIso } from '../../lib/list-query';
import { listOptionsOf } from '../../lib/named-resource/named-table';
import { groupCheck, rowOrMissing } from '../../lib/named-resource/named-rules';
import { uniqueNameGuard } from '../../lib/named-resource/unique-name';
import {
  createDbTablesRepository,
  type DbTableRow,
  type DbTablesRepository,
  type DbTableWithCount,
} from './db-tables.repository';
import { fieldNamed } from './field-names';
import { countValues } from './field-values';
import { planStructure, type SavedField } from './structure-plan';
import { applyStructureChange, createFieldIndexes, dropFieldIndexes } from './table-structure';

const m = messages.tables;

export type TableBodyInput = z.output<typeof tableBodySchema>;
export type TableListQuery = z.output<typeof tableListQuerySchema>;

export interface DbTablesServiceDeps {
  db: Database;
  now: () => Date;
}

export const toTable = (row: DbTableWithCount): Table => ({
  _id: row.id,
  name: row.name,
  group: row.groupId ?? null,
  fields: row.fields,
  entities_count: row.entitiesCount,
  apply_default_values_new_fields: row.applyDefaultValuesNewFields,
  workspace_id: row.workspaceId,
  customer_id: row.customerId,
  version: row.version,
  created_at: toIso(row.createdAt),
  updated_at: toIso(row.updatedAt),
});

/** The fields of a body and the stored names they were loaded as; positions follow the list. */
function savedFieldsOf(body: TableBodyInput): SavedField[] {
  return body.fields.map((field, position) => ({
    field: {
      name: field.name,
      label: field.label,
      type: field.type as DbTableFieldRow['type'],
      length: field.type === 'string' || field.type === 'longtext' ? (field.length ?? null) : null,
      default_value: field.default_value ?? null,
      is_unique: field.is_unique,
      is_required: field.is_required,
      position,
    },
    previousName: field.previous_name || null,
  }));
}

/** Fields of a new table: no history of names. */
const fieldsOf = (body: TableBodyInput) => savedFieldsOf(body).map((saved) => saved.field);
const withoutHistory = (fields: DbTableFieldRow[]) =>
  fields.map(({ previous_names: _names, ...field }) => field);

/** Names are unique per workspace ignoring case: 400, the message the screens show. */
const uniqueName = uniqueNameGuard({
  constraint: 'db_tables_workspace_name_unique',
  status: 400,
  message: m.nameTaken,
});

/** A new table and the unique indexes of its fields, in one transaction. */
async function insertTable(
  { db, now }: DbTablesServiceDeps,
  repository: DbTablesRepository,
  workspaceId: string,
  values: { name: string; group: string | null; fields: DbTableFieldRow[]; apply: boolean },
): Promise<DbTableRow> {
  const customerId = await repository.customerOf(workspaceId);
  const at = now();
  return uniqueName(() =>
    db.transaction(async (tx) => {
      const row = await repository.insert(tx, {
        id: randomUUID(),
        workspaceId,
        customerId,
        groupId: values.group,
        name: values.name,
        fields: values.fields,
        removedFields: [],
        applyDefaultValuesNewFields: values.apply,
        createdAt: at,
        updatedAt: at,
      });
      await createFieldIndexes(tx, row.id, values.fields);
      return row;
    }),
  );
}

export function createDbTablesService({ db, now }: DbTablesServiceDeps) {
  const repository = createDbTablesRepository(db);
  const missing = (id: string) => notFound(m.notFound, { kind: 'db_table', id });

  const checkGroup = groupCheck(repository.groupExists, m.groupNotFound);
  const rowOf = rowOrMissing(repository.find, missing);
  const get = async (workspaceId: string, id: string) => toTable(await rowOf(workspaceId, id));

  return {
    async list(workspaceId: string, query: TableListQuery): Promise<TableList> {
      const { items, total } = await repository.list(workspaceId, listOptionsOf(query));
      return { items: items.map(toTable), total };
    },

    get,

    async create(workspaceId: string, body: TableBodyInput): Promise<Table> {
      await checkGroup(workspaceId, body.group);
      const row = await insertTable({ db, now }, repository, workspaceId, {
        name: body.name,
        group: body.group || null,
        fields: fieldsOf(body),
        apply: body.apply_default_values_new_fields,
      });
      return get(workspaceId, row.id);
    },

    /**
     * A new structure. Records follow in the same transaction (docs/adr/0023): nothing is
     * half-changed when a change is refused.
     */
    async update(workspaceId: string, id: string, body: TableBodyInput): Promise<Table> {
      await checkGroup(workspaceId, body.group);
      const saved = savedFieldsOf(body);
      await uniqueName(() =>
        db.transaction(async (tx) => {
          const current = await repository.findRef(workspaceId, id, tx, 'update');
          if (!current || current.id !== id) throw missing(id);
          const plan = planStructure(current.fields, saved);
          const removed = await applyStructureChange(tx, {
            tableId: id,
            plan,
            removed: current.removedFields,
            applyDefaults: body.apply_default_values_new_fields,
            confirmed: body.confirm_remove_values,
          });
          await repository.update(tx, workspaceId, id, {
            name: body.name,
            groupId: body.group || null,
            fields: plan.fields,
            removedFields: removed,
            applyDefaultValuesNewFields: body.apply_default_values_new_fields,
            updatedAt: now(),
          });
        }),
      );
      return get(workspaceId, id);
    },

    /**
     * How many records hold a value in a field (the structure editor asks before removing
     * it). A former name reaches the field that has it now; a name no field has is a 400.
     */
    async countFieldValues(workspaceId: string, id: string, name: string): Promise<number> {
      const row = await rowOf(workspaceId, id);
      const field = fieldNamed(row.fields, name);
      if (!field) throw invalidField('name', messages.records.unknownField(name, row.name));
      return (await countValues(db, id, [field.name])).get(field.name) ?? 0;
    },

    /** The table, its records and its unique indexes. */
    async remove(workspaceId: string, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await repository.findRef(workspaceId, id, tx, 'update');
        if (!current || current.id !== id) throw missing(id);
        await dropFieldIndexes(tx, id, current.fields);
        await repository.remove(tx, workspaceId, id);
      });
    },

    /** A copy of the structure under a new name; records are not copied (docs/adr/0023). */
    async duplicate(workspaceId: string, id: string, name: string): Promise<Table> {
      const source = await rowOf(workspaceId, id);
      const row = await insertTable({ db, now }, repository, workspaceId, {
        name,
        group: source.groupId,
        fields: withoutHistory(source.fields),
        apply: source.applyDefaultValuesNewFields,
      });
      return get(workspaceId, row.id);
    },
  };
}

export type DbTablesService = ReturnType<typeof createDbTablesService>;
