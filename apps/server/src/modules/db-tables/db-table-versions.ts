import { tableUpdateBodySchema, type TableUpdateBody } from '@ponte/shared/db-tables.schema';
import type { z } from 'zod';
import type { DbTableFieldRow } from '../../db/schema';
import { groupStillThere } from '../../lib/named-resource/named-rules';
import { resourceVersioning } from '../versions/resource-versioning';
import type { VersionsService } from '../versions/versions.service';
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

/** The tables' structure writes, each one a version (docs/adr/0103). */
export function tableVersioning(versions: VersionsService, repository: DbTablesRepository) {
  const group = groupStillThere(repository.groupExists);
  // Creations and structure changes pass their own `write`, run in the save's transaction.
  const saves = resourceVersioning<DbTableRow>(versions, 'db_table', tableVersionDocument);
  return {
    ...saves,

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
  };
}
