import {
  customNodeBodySchema,
  type CustomNodeBody,
  type CustomNodeBodyInput,
} from '@ponte/shared/custom-nodes.schema';
import { groupStillThere } from '../../lib/named-resource/named-rules';
import { resourceVersioning } from '../versions/resource-versioning';
import type { SaveStamp, VersionsService } from '../versions/versions.service';
import type {
  CustomNodeRow,
  CustomNodeValues,
  CustomNodesRepository,
} from './custom-nodes.repository';

/**
 * A saved version's document (docs/adr/0104): everything the editor edits of the connector, in
 * the words of its update body (`group` included, the code version left out: a restore is a
 * save, which moves it when the params or the handler change).
 */
export const customNodeVersionDocument = (row: CustomNodeRow): CustomNodeBodyInput => ({
  name: row.name,
  service_name: row.serviceName,
  description: row.description,
  enabled: row.enabled,
  imageData: row.imageData,
  execution_type: row.executionType,
  code_execution_content: row.code,
  params: row.params,
  group: row.groupId,
});

/** A connector under the number its versions go by: its revision (not its code's `version`). */
const saved = (row: CustomNodeRow) => ({
  id: row.id,
  version: row.revision,
  updatedAt: row.updatedAt,
  row,
});

/** The connectors' writes, each one a saved version (docs/adr/0104). */
export function customNodeVersioning(versions: VersionsService, repository: CustomNodesRepository) {
  const group = groupStillThere(repository.groupExists);
  const saves = resourceVersioning<ReturnType<typeof saved>>(versions, 'custom_node', ({ row }) =>
    customNodeVersionDocument(row),
  );
  return {
    /** Its current version and document (what its history calls the current one). */
    state: (row: CustomNodeRow) => saves.state(saved(row)),

    /** Refuses (409) a save based on another revision than the connector's current one. */
    check: (workspaceId: string, row: CustomNodeRow, stamp: SaveStamp) =>
      saves.check(workspaceId, saved(row), stamp),

    /** A new connector, at its version 1 (`values` without its times: the version's). */
    async create(
      workspaceId: string,
      id: string,
      values: Omit<CustomNodeValues, 'updatedAt'>,
      stamp: SaveStamp,
    ) {
      const created = await saves.create(workspaceId, stamp, async (tx, at) =>
        saved(
          await repository.insert(id, workspaceId, { ...values, createdAt: at, updatedAt: at }, tx),
        ),
      );
      return created.row;
    },

    /** A save of `existing`, only while it is still at its revision. */
    async update(
      workspaceId: string,
      existing: CustomNodeRow,
      values: Omit<CustomNodeValues, 'updatedAt'>,
      stamp: SaveStamp,
    ) {
      const written = await saves.update(workspaceId, saved(existing), stamp, async (tx, at) => {
        const row = await repository.update(
          workspaceId,
          existing.id,
          existing.revision,
          { ...values, updatedAt: at },
          tx,
        );
        return row && saved(row);
      });
      return written.row;
    },

    /** A version's document as a save's body: a group removed since then leaves "Sem grupo". */
    async restoreBody(workspaceId: string, document: unknown): Promise<CustomNodeBody> {
      const parsed = customNodeBodySchema.parse(document);
      return { ...parsed, group: await group(workspaceId, parsed.group ?? null) };
    },

    removeAll: saves.removeAll,
  };
}
