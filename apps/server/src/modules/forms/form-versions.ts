import { formUpdateBodySchema, type FormUpdateBodyParsed } from '@ponte/shared/forms.schema';
import { groupStillThere } from '../../lib/named-resource/named-rules';
import { resourceVersioning } from '../versions/resource-versioning';
import type { SaveStamp, VersionsService } from '../versions/versions.service';
import type { FormInsert, FormRow, FormsRepository, FormValues } from './forms.repository';

/**
 * A version's document (docs/adr/0103): what the builder edits of the form, in the words of
 * its update body, so that a restore saves it back. Never the PIN nor its hash: a restore
 * keeps the PIN the form has now.
 */
export const formVersionDocument = (row: FormRow) => ({
  name: row.name,
  group: row.groupId,
  status: row.status,
  fields: row.fields,
  title: row.title,
  message: row.message,
  success_message: row.successMessage,
  show_back_button: row.showBackButton,
  wait_flow_result: row.waitFlowResult,
  require_auth_pin: row.requireAuthPin,
});

/** The forms' writes, each one a version (docs/adr/0103). */
export function formVersioning(versions: VersionsService, repository: FormsRepository) {
  const group = groupStillThere(repository.groupExists);
  const saves = resourceVersioning<FormRow>(versions, 'form', formVersionDocument);
  return {
    ...saves,

    /** A new form, at its version 1 (`values` without its times: the version's). */
    create: (
      workspaceId: string,
      values: Omit<FormInsert, 'createdAt' | 'updatedAt'>,
      stamp: SaveStamp,
    ) =>
      saves.create(workspaceId, stamp, (tx, at) =>
        repository.insert({ ...values, createdAt: at, updatedAt: at }, tx),
      ),

    /** A save of `existing`, only while it is still at its version. */
    update: (workspaceId: string, existing: FormRow, values: FormValues, stamp: SaveStamp) =>
      saves.update(workspaceId, existing, stamp, (tx, at) =>
        repository.updateVersion(
          workspaceId,
          existing.id,
          existing.version,
          { ...values, updatedAt: at },
          tx,
        ),
      ),

    /**
     * A version's document as an update of the form: no `auth_pin` (the stored PIN stays), a
     * group removed since then leaves the form in "Sem grupo".
     */
    async restoreBody(workspaceId: string, document: unknown): Promise<FormUpdateBodyParsed> {
      const parsed = formUpdateBodySchema.parse(document);
      return { ...parsed, auth_pin: undefined, group: await group(workspaceId, parsed.group) };
    },
  };
}
