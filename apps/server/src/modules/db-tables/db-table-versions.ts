import { tableUpdateBodySchema, type TableUpdateBody } from '@ponte/shared/db-tables.schema';
import type { z } from 'zod';
import type { DbTableFieldRow } from '../../db/schema';
import { groupStillThere } from '../../lib/named-resource/named-rules';
import type { SaveStamp, SaveTx, VersionsService } from '../versions/versions.service';
import type { DbTableRow, DbTablesRepository } from './db-tables.repository';

export type TableUpdateInput = z.output<typeof tableUpdateBodySchema>;

/** A field as the structure editor saves it: without the former names the server keeps. */
const editedField = ({ previous_names: _names, ...field }: DbTableFieldRow) => field;

/**
 * A version's document (docs/adr/0103): the table's structure as the editor saves it (name,
 * group, fields, the defaults option), in the words of its update body. Records are not
 * versioned: a version is the structure only.
 */
export const tableVersionDocument = (row: DbTableRow) => ({
  name: row.name,
  group: row.groupId,
  fields: row.fields.map(editedField),
  apply_default_values_new_fields: row.applyDefaultValuesNewFields,
});

const owner = (workspaceId: string, resourceId: string) =>
  ({ workspaceId, kind: 'db_table', resourceId }) as const;

/** A table's state as its versions see it. */
export const tableVersionState = (row: DbTableRow) => ({
  version: row.version,
  document: tableVersionDocument(row),
  updatedAt: row.updatedAt,
});

/** The tables' structure writes, each one a version (docs/adr/0103). */
export function tableVersioning(versions: VersionsService, repository: DbTablesRepository) {
  const group = groupStillThere(repository.groupExists);
  return {
    /** Refuses (409) a save based on another version than the table's current one. */
    check: (workspaceId: string, row: DbTableRow, stamp: SaveStamp) =>
      versions.check(owner(workspaceId, row.id), row, stamp),

    /** A new table (or a copy) at its version 1; `write` inserts it in the save's transaction. */
    create: (
      workspaceId: string,
      id: string,
      stamp: SaveStamp,
      write: (tx: SaveTx, at: Date) => Promise<DbTableRow>,
    ) => versions.save(owner(workspaceId, id), null, stamp, write, tableVersionDocument),

    /**
     * A structure change of `existing`: `write` runs in the save's transaction and answers null
     * when the table is no longer at `existing.version` (another save came first: 409).
     */
    update: (
      workspaceId: string,
      existing: DbTableRow,
      stamp: SaveStamp,
      write: (tx: SaveTx, at: Date) => Promise<DbTableRow | null>,
    ) =>
      versions.save(
        owner(workspaceId, existing.id),
        tableVersionState(existing),
        stamp,
        write,
        tableVersionDocument,
      ),

    /**
     * A version's document as a structure save: each field names itself as the stored field it
     * was (`previous_name`), so a field renamed since then takes its old name back with its
     * values; nothing confirms a loss of values, so a restore that would delete some is refused
     * (409 `field_has_values`) as a manual save would be. A group removed since then leaves the
     * table in "Sem grupo".
     */
    async restoreBody(workspaceId: string, document: unknown): Promise<TableUpdateInput> {
      const { fields, ...rest } = document as TableUpdateBody;
      const parsed = tableUpdateBodySchema.parse({
        ...rest,
        fields: fields.map((field) => ({ ...field, previous_name: field.name })),
        confirm_remove_values: [],
      });
      return { ...parsed, group: await group(workspaceId, parsed.group) };
    },

    removeAll: (workspaceId: string, id: string, tx?: SaveTx) =>
      versions.removeAll(owner(workspaceId, id), tx),
  };
}
