import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dbRecords } from '../../db/schema';
import type { Db } from './db-tables.repository';
import type { RecordData } from './record-values';

export type RecordRow = typeof dbRecords.$inferSelect;
type PageSlice = { limit: number; offset: number };

const inTable = (workspaceId: string, tableId: string, extra: SQL[] = []) =>
  and(eq(dbRecords.workspaceId, workspaceId), eq(dbRecords.tableId, tableId), ...extra);

/**
 * Rows after a (created_at, id) cursor, as a row comparison: the (table_id, created_at, id)
 * index starts each page at the cursor. Written as an `or` it would only filter, and every page
 * of an export would read the table from its start again.
 */
export const cursorAfter = (after: { createdAt: Date; id: string }): SQL =>
  sql`(${dbRecords.createdAt}, ${dbRecords.id}) > (${after.createdAt.toISOString()}::timestamptz, ${after.id})`;

/**
 * A page, newest first, of a filter known to match fewer than the total cap: the keys of every
 * match are read (no order asked, so through the field's filter index), sorted here, and the
 * page's rows fetched by id. Asked for an ordered page, the planner misjudges how many records
 * a JSON filter keeps and walks the whole (table, created_at) index backwards, filtering
 * (bench/RESULTS.md, 2026-11-24).
 */
async function pageOfFew(db: Database, where: SQL | undefined, options: PageSlice) {
  const keys = await db
    .select({ id: dbRecords.id, createdAt: dbRecords.createdAt })
    .from(dbRecords)
    .where(where);
  keys.sort(
    (a, b) =>
      b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
  );
  const ids = keys.slice(options.offset, options.offset + options.limit).map((key) => key.id);
  if (!ids.length) return [];
  const rows = await db
    .select()
    .from(dbRecords)
    .where(and(where, inArray(dbRecords.id, ids)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

async function findRecord(
  tx: Db,
  workspaceId: string,
  id: string,
  lock?: 'update',
): Promise<RecordRow | null> {
  let query = tx
    .select()
    .from(dbRecords)
    .where(and(eq(dbRecords.workspaceId, workspaceId), eq(dbRecords.id, id)))
    .$dynamic();
  if (lock) query = query.for('update');
  const [row] = await query;
  return row ?? null;
}

/** Every call names the workspace and the table; no query leaves them. */
export function createRecordsRepository(db: Database) {
  return {
    /** Matches counted up to `cap` (docs/adr/0023: an exact count of millions reads them all). */
    async count(
      workspaceId: string,
      tableId: string,
      conditions: SQL[],
      cap: number,
    ): Promise<number> {
      const capped = db
        .select({ one: sql`1` })
        .from(dbRecords)
        .where(inTable(workspaceId, tableId, conditions))
        .limit(cap)
        .as('capped');
      const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(capped);
      return Number(row?.total ?? 0);
    },

    /** A page, newest first unless `orderBy` says otherwise. */
    async page(
      workspaceId: string,
      tableId: string,
      conditions: SQL[],
      options: { limit: number; offset: number; orderBy?: SQL[] },
    ): Promise<RecordRow[]> {
      return db
        .select()
        .from(dbRecords)
        .where(inTable(workspaceId, tableId, conditions))
        .orderBy(...(options.orderBy ?? [desc(dbRecords.createdAt), desc(dbRecords.id)]))
        .limit(options.limit)
        .offset(options.offset);
    },

    pageOfFew: (workspaceId: string, tableId: string, conditions: SQL[], options: PageSlice) =>
      pageOfFew(db, inTable(workspaceId, tableId, conditions), options),

    /** The rows after `after` in (created_at, id) order: the export's cursor. */
    async after(
      workspaceId: string,
      tableId: string,
      conditions: SQL[],
      after: { createdAt: Date; id: string } | null,
      limit: number,
    ): Promise<RecordRow[]> {
      const cursor = after ? cursorAfter(after) : undefined;
      return db
        .select()
        .from(dbRecords)
        .where(inTable(workspaceId, tableId, cursor ? [...conditions, cursor] : conditions))
        .orderBy(asc(dbRecords.createdAt), asc(dbRecords.id))
        .limit(limit);
    },

    /** A record of the workspace; `lock` keeps it for the rest of the transaction. */
    find: (workspaceId: string, id: string, tx: Db = db, lock?: 'update') =>
      findRecord(tx, workspaceId, id, lock),

    async insert(tx: Db, workspaceId: string, tableId: string, data: RecordData, now: Date) {
      const [row] = await tx
        .insert(dbRecords)
        .values({ id: randomUUID(), workspaceId, tableId, data, createdAt: now, updatedAt: now })
        .returning();
      return row!;
    },

    async update(tx: Db, workspaceId: string, id: string, data: RecordData, now: Date) {
      const [row] = await tx
        .update(dbRecords)
        .set({ data, updatedAt: now })
        .where(and(eq(dbRecords.workspaceId, workspaceId), eq(dbRecords.id, id)))
        .returning();
      return row ?? null;
    },

    /** Removes the ids that belong to the workspace (others are left alone). */
    async removeIds(workspaceId: string, ids: string[], tableId?: string): Promise<number> {
      const rows = await db
        .delete(dbRecords)
        .where(
          and(
            eq(dbRecords.workspaceId, workspaceId),
            inArray(dbRecords.id, ids),
            tableId ? eq(dbRecords.tableId, tableId) : undefined,
          ),
        )
        .returning({ id: dbRecords.id });
      return rows.length;
    },

    async removeWhere(workspaceId: string, tableId: string, conditions: SQL[]): Promise<number> {
      const rows = await db
        .delete(dbRecords)
        .where(inTable(workspaceId, tableId, conditions))
        .returning({ id: dbRecords.id });
      return rows.length;
    },

    /**
     * The records matching, oldest first, locked for update until the transaction ends: the
     * nodes' update by id or by filter writes them one by one in that transaction.
     */
    matching: (tx: Db, workspaceId: string, tableId: string, conditions: SQL[], limit: number) =>
      tx
        .select()
        .from(dbRecords)
        .where(inTable(workspaceId, tableId, conditions))
        .orderBy(asc(dbRecords.createdAt), asc(dbRecords.id))
        .limit(limit)
        .for('update'),
  };
}

export type RecordsRepository = ReturnType<typeof createRecordsRepository>;

export const sqlTrue = sql`true`;
