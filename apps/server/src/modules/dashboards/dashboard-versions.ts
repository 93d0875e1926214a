import { dashboardUpdateSchema, type DashboardUpdate } from '@ponte/shared/dashboards.schema';
import { groupStillThere } from '../../lib/named-resource/named-rules';
import { resourceVersioning } from '../versions/resource-versioning';
import type { SaveStamp, VersionsService } from '../versions/versions.service';
import type { DashboardRow, DashboardsRepository, DashboardValues } from './dashboards.repository';

/**
 * A version's document (docs/adr/0103): what the editor edits of the dashboard (its name, group
 * and widgets as stored: no content, HTML sanitised), in the words of its update body.
 */
export const dashboardVersionDocument = (row: DashboardRow) => ({
  name: row.name,
  group: row.groupId,
  widgets: row.widgets,
});

/** What a save writes (its times are the version's). */
type Written = Omit<DashboardValues, 'createdAt' | 'updatedAt' | 'version'>;

/** The dashboards' writes, each one a version (docs/adr/0103). */
export function dashboardVersioning(versions: VersionsService, repository: DashboardsRepository) {
  const group = groupStillThere(repository.groupExists);
  const saves = resourceVersioning<DashboardRow>(versions, 'dashboard', dashboardVersionDocument);
  return {
    ...saves,

    /** A new dashboard (or a copy), at its version 1. */
    create: (workspaceId: string, id: string, values: Written, stamp: SaveStamp) =>
      saves.create(workspaceId, stamp, (tx, at) =>
        repository.insert(id, workspaceId, { ...values, createdAt: at, updatedAt: at }, tx),
      ),

    /** A save of `existing`, only while it is still at its version. */
    update: (workspaceId: string, existing: DashboardRow, values: Written, stamp: SaveStamp) =>
      saves.update(workspaceId, existing, stamp, (tx, at) =>
        repository.updateVersion(
          workspaceId,
          existing.id,
          existing.version,
          { ...values, updatedAt: at },
          tx,
        ),
      ),

    /** A version's document as an update; a group removed since then leaves "Sem grupo". */
    async restoreBody(workspaceId: string, document: unknown): Promise<DashboardUpdate> {
      const parsed = dashboardUpdateSchema.parse(document);
      return { ...parsed, group: await group(workspaceId, parsed.group) };
    },
  };
}
