import { flowUpdateSchema, type FlowUpdate } from '@ponte/shared/flows.schema';
import type { SaveStamp, VersionsService } from '../versions/versions.service';
import type { FlowRow, FlowsRepository, FlowWrite } from './flows.repository';

/**
 * A version's document (docs/adr/0103): what a person edits of the flow (graph, variables,
 * notes, options, group, enabled), in the API's words, so that a restore saves it back.
 */
export const flowVersionDocument = (row: FlowRow) => ({
  name: row.name,
  enabled: row.enabled,
  group: row.groupId,
  variables: row.variables,
  data: row.data,
  description: row.description,
  config: row.config,
  thumbnailData: row.thumbnailData,
});

const owner = (workspaceId: string, resourceId: string) =>
  ({ workspaceId, kind: 'flow', resourceId }) as const;

/** A flow's state as its versions see it. */
export const flowVersionState = (row: FlowRow) => ({
  version: row.version,
  document: flowVersionDocument(row),
  updatedAt: row.updatedAt,
});

/** The flows' writes, each one a version (docs/adr/0103). */
export function flowVersioning(versions: VersionsService, repository: FlowsRepository) {
  return {
    /** Refuses (409) a save based on another version than the flow's current one. */
    check: (workspaceId: string, row: FlowRow, stamp: SaveStamp) =>
      versions.check(owner(workspaceId, row.id), row, stamp),

    /** A new flow, at its version 1. */
    create: (workspaceId: string, values: FlowWrite, stamp: SaveStamp) =>
      versions.save(
        owner(workspaceId, ''),
        null,
        stamp,
        (tx, at) => repository.create(workspaceId, values, at, tx),
        flowVersionDocument,
        (created) => created.id,
      ),

    /** A save of `existing`, only while it is still at its version. */
    update: (
      workspaceId: string,
      existing: FlowRow,
      values: Partial<FlowWrite>,
      stamp: SaveStamp,
    ) =>
      versions.save(
        owner(workspaceId, existing.id),
        flowVersionState(existing),
        stamp,
        (tx, at) =>
          repository.updateVersion(workspaceId, existing.id, existing.version, values, at, tx),
        flowVersionDocument,
      ),

    /**
     * A version's document as an update of the flow: a group removed since then leaves the flow
     * in "Sem grupo".
     */
    async restoreBody(workspaceId: string, document: unknown): Promise<FlowUpdate> {
      const parsed = flowUpdateSchema.parse(document);
      const group =
        parsed.group && !(await repository.groupExists(workspaceId, parsed.group))
          ? null
          : parsed.group;
      return { ...parsed, group };
    },

    removeAll: (workspaceId: string, id: string) => versions.removeAll(owner(workspaceId, id)),
  };
}
