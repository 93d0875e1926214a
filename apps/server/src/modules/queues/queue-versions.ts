import { queueUpdateBodySchema, type QueueUpdateBody } from '@ponte/shared/queues.schema';
import type { z } from 'zod';
import { groupStillThere } from '../../lib/named-resource/named-rules';
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

const owner = (workspaceId: string, resourceId: string) =>
  ({ workspaceId, kind: 'queue', resourceId }) as const;

/** A queue's state as its versions see it. */
export const queueVersionState = (row: QueueRow) => ({
  version: row.version,
  document: queueVersionDocument(row),
  updatedAt: row.updatedAt,
});

/** The queues' writes, each one a version (docs/adr/0103). */
export function queueVersioning(versions: VersionsService, repository: QueuesRepository) {
  const group = groupStillThere(repository.groupExists);
  return {
    /** Refuses (409) a save based on another version than the queue's current one. */
    check: (workspaceId: string, row: QueueRow, stamp: SaveStamp) =>
      versions.check(owner(workspaceId, row.id), row, stamp),

    /** A new queue, at its version 1 (`values` without its times: the version's). */
    create: (
      workspaceId: string,
      values: Omit<QueueInsert, 'createdAt' | 'updatedAt'> & { id: string },
      stamp: SaveStamp,
    ) =>
      versions.save(
        owner(workspaceId, values.id),
        null,
        stamp,
        (tx, at) => repository.insert({ ...values, createdAt: at, updatedAt: at }, tx),
        queueVersionDocument,
      ),

    /** A save of `existing`, only while it is still at its version. */
    update: (
      workspaceId: string,
      existing: QueueRow,
      values: Partial<Omit<QueueInsert, 'id' | 'workspaceId' | 'version'>>,
      stamp: SaveStamp,
    ) =>
      versions.save(
        owner(workspaceId, existing.id),
        queueVersionState(existing),
        stamp,
        (tx, at) =>
          repository.updateVersion(
            workspaceId,
            existing.id,
            existing.version,
            { ...values, updatedAt: at },
            tx,
          ),
        queueVersionDocument,
      ),

    /**
     * A version's document as the update of queue `id`: a group removed since then leaves the
     * queue in "Sem grupo".
     */
    async restoreBody(workspaceId: string, id: string, document: unknown) {
      const parsed = queueUpdateBodySchema.parse({ ...(document as QueueUpdateBody), _id: id });
      return { ...parsed, group: await group(workspaceId, parsed.group) };
    },

    removeAll: (workspaceId: string, id: string) => versions.removeAll(owner(workspaceId, id)),
  };
}
