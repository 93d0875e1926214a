import { queueUpdateBodySchema, type QueueUpdateBody } from '@ponte/shared/queues.schema';
import type { z } from 'zod';
import { groupStillThere } from '../../lib/named-resource/named-rules';
import { resourceVersioning } from '../versions/resource-versioning';
import type { SaveStamp, VersionsService } from '../versions/versions.service';
import type { QueueInsert, QueueRow, QueuesRepository } from './queues.repository';

export type QueueUpdateInput = z.output<typeof queueUpdateBodySchema>;

/**
 * A version's document (docs/adr/0103): what a person edits of the queue (name, group, rate,
 * the defaults option), in the words of its update body without `_id`. Its messages, its pause
 * and its consumer are not part of it.
 */
export const queueVersionDocument = (row: QueueRow) => ({
  name: row.name,
  group: row.groupId,
  max_per_second: row.maxPerSecond,
  apply_default_values_new_fields: row.applyDefaultValuesNewFields,
});

/** The queues' writes, each one a version (docs/adr/0103). */
export function queueVersioning(versions: VersionsService, repository: QueuesRepository) {
  const group = groupStillThere(repository.groupExists);
  const saves = resourceVersioning<QueueRow>(versions, 'queue', queueVersionDocument);
  return {
    ...saves,

    /** A new queue, at its version 1 (`values` without its times: the version's). */
    create: (
      workspaceId: string,
      values: Omit<QueueInsert, 'createdAt' | 'updatedAt'> & { id: string },
      stamp: SaveStamp,
    ) =>
      saves.create(workspaceId, stamp, (tx, at) =>
        repository.insert({ ...values, createdAt: at, updatedAt: at }, tx),
      ),

    /** A save of `existing`, only while it is still at its version. */
    update: (
      workspaceId: string,
      existing: QueueRow,
      values: Partial<Omit<QueueInsert, 'id' | 'workspaceId' | 'version'>>,
      stamp: SaveStamp,
    ) =>
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
     * A version's document as the update of queue `id`: a group removed since then leaves the
     * queue in "Sem grupo".
     */
    async restoreBody(workspaceId: string, id: string, document: unknown) {
      const parsed = queueUpdateBodySchema.parse({ ...(document as QueueUpdateBody), _id: id });
      return { ...parsed, group: await group(workspaceId, parsed.group) };
    },
  };
}
