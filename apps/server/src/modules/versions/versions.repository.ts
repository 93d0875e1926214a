import { and, count, desc, eq, getTableColumns, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { VersionedKind } from '@ponte/shared/versions.schema';
import type { Database } from '../../db/client';
import { resourceVersions, workspaces } from '../../db/schema';
import type { Db } from '../../lib/named-resource/named-table';

export type VersionRow = typeof resourceVersions.$inferSelect;
export type VersionInsert = typeof resourceVersions.$inferInsert;

/** One resource's versions: its kind and id, in its workspace. */
export interface VersionOwner {
  workspaceId: string;
  kind: VersionedKind;
  resourceId: string;
}

/** How long the workspace keeps versions: null for "all". */
export interface VersionRetention {
  keepCount: number | null;
  keepDays: number | null;
}

const DAY_MS = 86_400_000;

const ofResource = ({ workspaceId, kind, resourceId }: VersionOwner, ...more: SQL[]) =>
  and(
    eq(resourceVersions.workspaceId, workspaceId),
    eq(resourceVersions.kind, kind),
    eq(resourceVersions.resourceId, resourceId),
    ...more,
  );

/** Every query takes the resource's workspace. */
export function createVersionsRepository(db: Database) {
  return {
    async insert(values: VersionInsert, tx: Db = db): Promise<void> {
      await tx.insert(resourceVersions).values(values).onConflictDoNothing();
    },

    async hasAny(owner: VersionOwner, tx: Db = db): Promise<boolean> {
      const [row] = await tx
        .select({ number: resourceVersions.number })
        .from(resourceVersions)
        .where(ofResource(owner))
        .limit(1);
      return Boolean(row);
    },

    /** A page of the versions, the newest first, without their documents. */
    async page(owner: VersionOwner, page: number, size: number) {
      const { document: _document, ...columns } = getTableColumns(resourceVersions);
      const [counted] = await db
        .select({ total: count() })
        .from(resourceVersions)
        .where(ofResource(owner));
      const items = await db
        .select(columns)
        .from(resourceVersions)
        .where(ofResource(owner))
        .orderBy(desc(resourceVersions.number))
        .limit(size)
        .offset((page - 1) * size);
      return { items, total: counted?.total ?? 0 };
    },

    async find(owner: VersionOwner, number: number, tx: Db = db): Promise<VersionRow | null> {
      const [row] = await tx
        .select()
        .from(resourceVersions)
        .where(ofResource(owner, eq(resourceVersions.number, number)));
      return row ?? null;
    },

    /** Removes every version of a removed resource. */
    async removeAll(owner: VersionOwner, tx: Db = db): Promise<void> {
      await tx.delete(resourceVersions).where(ofResource(owner));
    },

    async retention(workspaceId: string, tx: Db = db): Promise<VersionRetention> {
      const [row] = await tx
        .select({ keepCount: workspaces.versionKeepCount, keepDays: workspaces.versionKeepDays })
        .from(workspaces)
        .where(eq(workspaces.id, workspaceId));
      return { keepCount: row?.keepCount ?? null, keepDays: row?.keepDays ?? null };
    },

    async setRetention(workspaceId: string, retention: VersionRetention): Promise<void> {
      await db
        .update(workspaces)
        .set({ versionKeepCount: retention.keepCount, versionKeepDays: retention.keepDays })
        .where(eq(workspaces.id, workspaceId));
    },

    /**
     * Removes, in every workspace with a retention (or only `workspaceId`'s), the versions it no
     * longer keeps, whether or not their item was saved lately: older than the last
     * `version_keep_count` of their item, or made more than `version_keep_days` before `now`.
     * The newest version of each item (its current one) is never removed. Answers how many went.
     */
    async pruneAll(now: Date, workspaceId?: string): Promise<number> {
      const only = workspaceId ? sql`and w.id = ${workspaceId}` : sql``;
      const result = await db.execute(sql`
        with latest as (
          select v.workspace_id, v.kind, v.resource_id, max(v.number) as number
          from resource_versions v join workspaces w on w.id = v.workspace_id
          where (w.version_keep_count is not null or w.version_keep_days is not null) ${only}
          group by v.workspace_id, v.kind, v.resource_id
        )
        delete from resource_versions v
        using latest l, workspaces w
        where v.workspace_id = l.workspace_id and v.kind = l.kind
          and v.resource_id = l.resource_id and w.id = v.workspace_id
          and v.number < l.number
          and (v.number <= l.number - w.version_keep_count
            or v.created_at < ${now.toISOString()}::timestamptz
              - w.version_keep_days * interval '1 day')
        returning v.number`);
      return (result as unknown as { rows: unknown[] }).rows.length;
    },

    /**
     * Removes the versions the retention no longer keeps: older than the last `keepCount`,
     * older than `keepDays`; never `current`. Executions are not touched.
     */
    async prune(
      owner: VersionOwner,
      current: number,
      retention: VersionRetention,
      now: Date,
      tx: Db = db,
    ) {
      const { keepCount, keepDays } = retention;
      const notCurrent = ne(resourceVersions.number, current);
      if (keepCount) {
        await tx
          .delete(resourceVersions)
          .where(ofResource(owner, notCurrent, lte(resourceVersions.number, current - keepCount)));
      }
      if (keepDays) {
        const before = new Date(now.getTime() - keepDays * DAY_MS);
        await tx
          .delete(resourceVersions)
          .where(ofResource(owner, notCurrent, lt(resourceVersions.createdAt, before)));
      }
    },
  };
}

export type VersionsRepository = ReturnType<typeof createVersionsRepository>;
