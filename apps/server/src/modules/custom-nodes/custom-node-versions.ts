import {
  customNodeBodySchema,
  type CustomNodeBody,
  type CustomNodeBodyInput,
} from '@ponte/shared/custom-nodes.schema';
import { groupStillThere } from '../../lib/named-resource/named-rules';
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

const owner = (workspaceId: string, resourceId: string) =>
  ({ workspaceId, kind: 'custom_node', resourceId }) as const;

/** A connector as its versions see it: its revision is the number of its current version. */
export const customNodeVersionState = (row: CustomNodeRow) => ({
  version: row.revision,
  document: customNodeVersionDocument(row),
  updatedAt: row.updatedAt,
});

/** The written row under the number `versions.save` reads (`version`: its revision). */
const asSaved = (row: CustomNodeRow | null) => (row ? { version: row.revision, row } : null);

/** The connectors' writes, each one a saved version (docs/adr/0104). */
export function customNodeVersioning(versions: VersionsService, repository: CustomNodesRepository) {
  const group = groupStillThere(repository.groupExists);
  return {
    /** Refuses (409) a save based on another revision than the connector's current one. */
    check: (workspaceId: string, row: CustomNodeRow, stamp: SaveStamp) =>
      versions.check(owner(workspaceId, row.id), customNodeVersionState(row), stamp),

    /** A new connector, at its version 1 (`values` without its times: the version's). */
    async create(
      workspaceId: string,
      id: string,
      values: Omit<CustomNodeValues, 'updatedAt'>,
      stamp: SaveStamp,
    ) {
      const saved = await versions.save(
        owner(workspaceId, id),
        null,
        stamp,
        async (tx, at) =>
          asSaved(
            await repository.insert(
              id,
              workspaceId,
              { ...values, createdAt: at, updatedAt: at },
              tx,
            ),
          ),
        ({ row }) => customNodeVersionDocument(row),
      );
      return saved.row;
    },

    /** A save of `existing`, only while it is still at its revision. */
    async update(
      workspaceId: string,
      existing: CustomNodeRow,
      values: Omit<CustomNodeValues, 'updatedAt'>,
      stamp: SaveStamp,
    ) {
      const saved = await versions.save(
        owner(workspaceId, existing.id),
        customNodeVersionState(existing),
        stamp,
        async (tx, at) =>
          asSaved(
            await repository.update(
              workspaceId,
              existing.id,
              existing.revision,
              { ...values, updatedAt: at },
              tx,
            ),
          ),
        ({ row }) => customNodeVersionDocument(row),
      );
      return saved.row;
    },

    /** A version's document as a save's body: a group removed since then leaves "Sem grupo". */
    async restoreBody(workspaceId: string, document: unknown): Promise<CustomNodeBody> {
      const parsed = customNodeBodySchema.parse(document);
      return { ...parsed, group: await group(workspaceId, parsed.group ?? null) };
    },

    removeAll: (workspaceId: string, id: string) => versions.removeAll(owner(workspaceId, id)),
  };
}
