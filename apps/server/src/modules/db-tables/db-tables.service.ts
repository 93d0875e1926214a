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
import { listOptionsOf, type WithinGroups } from '../../lib/named-resource/named-table';
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
import {
  noStamp,
  type SaveStamp,
  type SaveTx,
  type VersionsService,
} from '../versions/versions.service';
import { tableVersioning, type TableUpdateInput } from './db-table-versions';

const m = messages.tables;

export type TableBodyInput = z.output<typeof tableBodySchema>;
export type TableListQuery = z.output<typeof tableListQuerySchema>;

export interface DbTablesServiceDeps {
  db: Database;
  /** Every structure save is a version (docs/adr/0103). */
  versions: VersionsService;
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

/** A new table and the unique indexes of its fields, at its version 1, in one transaction. */
async function insertTable(
  repository: DbTablesRepository,
  versioned: ReturnType<typeof tableVersioning>,
  workspaceId: string,
  values: { name: string; group: string | null; fields: DbTableFieldRow[]; apply: boolean },
  stamp: SaveStamp,
): Promise<DbTableRow> {
  const customerId = await repository.customerOf(workspaceId);
  const id = randomUUID();
  return uniqueName(() =>
    versioned.create(workspaceId, stamp, async (tx, at) => {
      const row = await repository.insert(tx, {
        id,
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

/**
 * A structure save in the version's transaction (docs/adr/0023): the table row locked, its
 * records changed with it; null when the table is no longer at `version` (nothing is written).
 */
async function writeStructure(
  repository: DbTablesRepository,
  [tx, at]: [SaveTx, Date],
  { workspaceId, id, version }: { workspaceId: string; id: string; version: number },
  body: TableUpdateInput,
): Promise<DbTableRow | null> {
  const current = await repository.findRef(workspaceId, id, tx, 'update');
  if (!current || current.id !== id) return null;
  if (current.version !== version) return null;
  const plan = planStructure(current.fields, savedFieldsOf(body));
  const removed = await applyStructureChange(tx, {
    tableId: id,
    plan,
    removed: current.removedFields,
    applyDefaults: body.apply_default_values_new_fields,
    confirmed: body.confirm_remove_values,
  });
  return repository.updateVersion(tx, workspaceId, id, version, {
    name: body.name,
    groupId: body.group || null,
    fields: plan.fields,
    removedFields: removed,
    applyDefaultValuesNewFields: body.apply_default_values_new_fields,
    updatedAt: at,
  });
}

export function createDbTablesService({ db, versions }: DbTablesServiceDeps) {
  const repository = createDbTablesRepository(db);
  const versioned = tableVersioning(versions, repository);
  const missing = (id: string) => notFound(m.notFound, { kind: 'db_table', id });

  const checkGroup = groupCheck(repository.groupExists, m.groupNotFound);
  const rowOf = rowOrMissing(repository.find, missing);
  const get = async (workspaceId: string, id: string) => toTable(await rowOf(workspaceId, id));

  return {
    async list(workspaceId: string, query: TableListQuery & WithinGroups): Promise<TableList> {
      const { items, total } = await repository.list(workspaceId, listOptionsOf(query));
      return { items: items.map(toTable), total };
    },

    get,

    async create(
      workspaceId: string,
      body: TableBodyInput,
      stamp: SaveStamp = noStamp,
    ): Promise<Table> {
      await checkGroup(workspaceId, body.group);
      const values = {
        name: body.name,
        group: body.group || null,
        fields: fieldsOf(body),
        apply: body.apply_default_values_new_fields,
      };
      const row = await insertTable(repository, versioned, workspaceId, values, stamp);
      return get(workspaceId, row.id);
    },

    /**
     * A new structure, as a new version. Records follow in the same transaction
     * (docs/adr/0023): nothing is half-changed when a change is refused; a save based on an
     * old version (when it says) changes nothing either (409).
     */
    async update(
      workspaceId: string,
      id: string,
      body: TableUpdateInput,
      stamp: SaveStamp = noStamp,
    ): Promise<Table> {
      const existing = await rowOf(workspaceId, id);
      await versioned.check(workspaceId, existing, stamp);
      await checkGroup(workspaceId, body.group);
      const target = { workspaceId, id, version: existing.version };
      await uniqueName(() =>
        versioned.update(workspaceId, existing, stamp, (tx, at) =>
          writeStructure(repository, [tx, at], target, body),
        ),
      );
      return get(workspaceId, id);
    },

    /** The current version and document of a table of the workspace (404 without one). */
    versionState: async (workspaceId: string, id: string) =>
      versioned.state(await rowOf(workspaceId, id)),

    /** A version's document as a structure save ('Restaurar', docs/adr/0103). */
    restoreBody: versioned.restoreBody,

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

    /** The table, its records, its unique indexes and its versions. */
    async remove(workspaceId: string, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await repository.findRef(workspaceId, id, tx, 'update');
        if (!current || current.id !== id) throw missing(id);
        await dropFieldIndexes(tx, id, current.fields);
        await repository.remove(tx, workspaceId, id);
        await versioned.removeAll(workspaceId, id, tx);
      });
    },

    /**
     * A copy of the structure under a new name, at its version 1; records are not copied
     * (docs/adr/0023).
     */
    async duplicate(
      workspaceId: string,
      id: string,
      name: string,
      stamp: SaveStamp = noStamp,
    ): Promise<Table> {
      const source = await rowOf(workspaceId, id);
      const values = {
        name,
        group: source.groupId,
        fields: withoutHistory(source.fields),
        apply: source.applyDefaultValuesNewFields,
      };
      const row = await insertTable(repository, versioned, workspaceId, values, {
        userId: stamp.userId,
      });
      return get(workspaceId, row.id);
    },
  };
}

export type DbTablesService = ReturnType<typeof createDbTablesService>;
