import { isDeepStrictEqual } from 'node:util';
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { customNodes, customNodeVersions } from '../../db/schema';
import {
  byName,
  createNamedTable,
  type Db,
  type NamedListOptions,
} from '../../lib/named-resource/named-table';

export type CustomNodeRow = typeof customNodes.$inferSelect;
export type CustomNodeVersionRow = typeof customNodeVersions.$inferSelect;
export type CustomNodeValues = Omit<
  typeof customNodes.$inferInsert,
  'id' | 'workspaceId' | 'version' | 'revision' | 'deletedAt' | 'createdAt'
>;

export type CustomNodeListOptions = NamedListOptions;

/**
 * What makes a new version: the params or the handler differ from the stored ones. The params
 * are compared by value: `jsonb` gives the keys back in its own order, not the one saved.
 */
function changesVersion(row: CustomNodeRow, values: Partial<CustomNodeValues>): boolean {
  const params = values.params ?? row.params;
  const code = values.code ?? row.code;
  return code !== row.code || !isDeepStrictEqual(params, row.params);
}

/** The reads of the library and the engine: removed connectors too (docs/adr/0041). */
function libraryReads(db: Database) {
  return {
    /**
     * The workspace's connectors, removed ones too (`ids`: only those), without their handler:
     * what the library and the flow validator need.
     */
    async libraryRows(workspaceId: string, ids?: string[]) {
      if (ids && !ids.length) return [];
      const conditions: (SQL | undefined)[] = [eq(customNodes.workspaceId, workspaceId)];
      if (ids) conditions.push(inArray(customNodes.id, ids));
      return db
        .select({
          id: customNodes.id,
          name: customNodes.name,
          description: customNodes.description,
          serviceName: customNodes.serviceName,
          imageData: customNodes.imageData,
          enabled: customNodes.enabled,
          deletedAt: customNodes.deletedAt,
          version: customNodes.version,
        })
        .from(customNodes)
        .where(and(...conditions));
    },

    /**
     * Versions of the workspace's connectors (`ids`: only those), oldest first. `withCode`
     * false leaves the handler out (the library lists params only).
     */
    async versionsOf(workspaceId: string, ids?: string[], withCode = true) {
      if (ids && !ids.length) return [];
      const conditions: (SQL | undefined)[] = [eq(customNodes.workspaceId, workspaceId)];
      if (ids) conditions.push(inArray(customNodeVersions.customNodeId, ids));
      return db
        .select({
          customNodeId: customNodeVersions.customNodeId,
          version: customNodeVersions.version,
          params: customNodeVersions.params,
          code: withCode ? customNodeVersions.code : sql<string>`''`,
        })
        .from(customNodeVersions)
        .innerJoin(customNodes, eq(customNodes.id, customNodeVersions.customNodeId))
        .where(and(...conditions))
        .orderBy(asc(customNodeVersions.customNodeId), asc(customNodeVersions.version));
    },
  };
}

/**
 * Every call takes the workspace of the session; no query leaves it. Removed connectors
 * (`deleted_at`) are invisible to `list` and `find`; `libraryRows` and `versionsOf` still see
 * them, so that flows holding one can name it (docs/adr/0041).
 */
export function createCustomNodesRepository(db: Database) {
  const named = createNamedTable(db, customNodes, isNull(customNodes.deletedAt));
  const { scoped } = named;

  return {
    ...libraryReads(db),

    /** A page by name (ignoring case). */
    async list(workspaceId: string, options: CustomNodeListOptions) {
      const query = db.select().from(customNodes).$dynamic();
      return named.page(workspaceId, options, query, byName(customNodes));
    },

    find: (workspaceId: string, id: string) => named.find(workspaceId, id),

    groupExists: named.groupExists,

    /** A new connector at version 1 (and revision 1), with its first code version. */
    async insert(
      id: string,
      workspaceId: string,
      values: CustomNodeValues & { createdAt: Date },
      tx: Db = db,
    ): Promise<CustomNodeRow> {
      const [created] = await tx
        .insert(customNodes)
        .values({ ...values, id, workspaceId, version: 1, revision: 1 })
        .returning();
      await tx.insert(customNodeVersions).values({
        customNodeId: id,
        version: 1,
        params: values.params ?? [],
        code: values.code,
        createdAt: values.createdAt,
      });
      return created!;
    },

    /**
     * Saves the values only while the connector is still at `revision` (null otherwise: another
     * save came first), as its next revision. When the params or the handler change, the code
     * version goes up by one too and is written beside the old ones (docs/adr/0041, 0104). Run
     * it in the save's transaction.
     */
    async update(
      workspaceId: string,
      id: string,
      revision: number,
      values: Partial<CustomNodeValues> & { updatedAt: Date },
      tx: Db,
    ): Promise<CustomNodeRow | null> {
      const [current] = await tx
        .select()
        .from(customNodes)
        .where(and(scoped(workspaceId, id), eq(customNodes.revision, revision)))
        .for('update');
      if (!current) return null;
      const bump = changesVersion(current, values);
      const version = bump ? current.version + 1 : current.version;
      const [row] = await tx
        .update(customNodes)
        .set({ ...values, version, revision: revision + 1 })
        .where(scoped(workspaceId, id))
        .returning();
      if (bump)
        await tx.insert(customNodeVersions).values({
          customNodeId: id,
          version,
          params: row!.params,
          code: row!.code,
          createdAt: values.updatedAt,
        });
      return row ?? null;
    },

    /** Marks the connector removed; its versions stay for the flows that still hold it. */
    async remove(workspaceId: string, id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(customNodes)
        .set({ deletedAt: at, updatedAt: at })
        .where(scoped(workspaceId, id))
        .returning({ id: customNodes.id });
      return rows.length > 0;
    },
  };
}

export type CustomNodesRepository = ReturnType<typeof createCustomNodesRepository>;
