import { flowUpdateSchema, type FlowUpdate } from '@ponte/shared/flows.schema';
import { resourceVersioning } from '../versions/resource-versioning';
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

/** The flows' writes, each one a version (docs/adr/0103). */
export function flowVersioning(versions: VersionsService, repository: FlowsRepository) {
  const saves = resourceVersioning<FlowRow>(versions, 'flow', flowVersionDocument);
  return {
    ...saves,

    /** A new flow, at its version 1. */
    create: (workspaceId: string, values: FlowWrite, stamp: SaveStamp) =>
      saves.create(workspaceId, stamp, (tx, at) => repository.create(workspaceId, values, at, tx)),

    /** A save of `existing`, only while it is still at its version. */
    update: (
      workspaceId: string,
      existing: FlowRow,
      values: Partial<FlowWrite>,
      stamp: SaveStamp,
    ) =>
      saves.update(workspaceId, existing, stamp, (tx, at) =>
        repository.updateVersion(workspaceId, existing.id, existing.version, values, at, tx),
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
  };
}
