import type { VersionedKind } from '@ponte/shared/versions.schema';
import type { VersionOwner } from './versions.repository';
import type { SaveStamp, SaveTx, VersionedState, VersionsService } from './versions.service';

/** A row of a versioned resource: its id, the number of its current version, its last save. */
export interface VersionedRow {
  id: string;
  version: number;
  updatedAt: Date;
}

/**
 * The saves of one kind of resource, each one a version (docs/adr/0103): its state as its
 * versions see it, the 409 of a save based on an old version, a creation at version 1, a save
 * whose `write` updates the row only while it is still at its version, and the removal of its
 * history. Each resource keeps beside it what is its own: its document and its restore body.
 */
export function resourceVersioning<Row extends VersionedRow>(
  versions: VersionsService,
  kind: VersionedKind,
  documentOf: (row: Row) => unknown,
) {
  const owner = (workspaceId: string, resourceId: string): VersionOwner => ({
    workspaceId,
    kind,
    resourceId,
  });
  const state = (row: Row): VersionedState => ({
    version: row.version,
    document: documentOf(row),
    updatedAt: row.updatedAt,
  });
  return {
    state,

    /** Refuses (409) a save based on another version than the resource's current one. */
    check: (workspaceId: string, row: Row, stamp: SaveStamp) =>
      versions.check(owner(workspaceId, row.id), row, stamp),

    /** A new resource (or a copy) at its version 1: `write` inserts it at the version's time. */
    create: (
      workspaceId: string,
      stamp: SaveStamp,
      write: (tx: SaveTx, at: Date) => Promise<Row>,
    ): Promise<Row> =>
      versions.save(owner(workspaceId, ''), null, stamp, write, documentOf, (row) => row.id),

    /**
     * A save of `existing`: `write` runs in the save's transaction and answers null when the
     * row is no longer at `existing.version` (another save came first: 409).
     */
    update: (
      workspaceId: string,
      existing: Row,
      stamp: SaveStamp,
      write: (tx: SaveTx, at: Date) => Promise<Row | null>,
    ): Promise<Row> =>
      versions.save(owner(workspaceId, existing.id), state(existing), stamp, write, documentOf),

    removeAll: (workspaceId: string, id: string, tx?: SaveTx) =>
      versions.removeAll(owner(workspaceId, id), tx),
  };
}
