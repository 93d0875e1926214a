import { and, asc, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dbTables, groups, workspaces } from '../../db/schema';
import { containsFolded, pageOffset } from '../../lib/list-query';

export type DbTableRow = typeof dbTables.$inferSelect;
export type DbTableWithCount = DbTableRow & { entitiesCount: number };
/** The database or a transaction of it. */
export type Db = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export interface TableListOptions {
  page: number;
  limit: number;
  query?: string | undefined;
  /** A group id, or 'none' for tables without a group. */
  group?: string | undefined;
}

/** Exact: a count of the table's rows (docs/adr/0023). */
const entitiesCount = sql<number>`(select count(*)::int from db_records r where r.table_id = ${sql.raw('"db_tables"."id"')})`;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every call takes the workspace of the session; no query leaves it. */
export function createDbTablesRepository(db: Database) {
  const scoped = (workspaceId: string, id: string) =>
    and(eq(dbTables.workspaceId, workspaceId), eq(dbTables.id, id));

  return {
    async list(workspaceId: string, { page, limit, query, group }: TableListOptions) {
      const conditions: (SQL | undefined)[] = [eq(dbTables.workspaceId, workspaceId)];
      if (query) conditions.push(containsFolded(dbTables.name, query));
      if (group === 'none') conditions.push(isNull(dbTables.groupId));
      else if (group) conditions.push(eq(dbTables.groupId, group));
      const where = and(...conditions);
      const [counted] = await db.select({ total: count() }).from(dbTables).where(where);
      const total = counted?.total ?? 0;
      const rows = await db
        .select({ table: dbTables, entitiesCount })
        .from(dbTables)
        .where(where)
        .orderBy(asc(sql`lower(${dbTables.name})`), asc(dbTables.id))
        .limit(limit)
        .offset(pageOffset(page, limit, total));
      return {
        items: rows.map((row) => ({ ...row.table, entitiesCount: row.entitiesCount })),
        total,
      };
    },

    async find(workspaceId: string, id: string, tx: Db = db): Promise<DbTableWithCount | null> {
      const [row] = await tx
        .select({ table: dbTables, entitiesCount })
        .from(dbTables)
        .where(scoped(workspaceId, id));
      return row ? { ...row.table, entitiesCount: row.entitiesCount } : null;
    },

    /**
     * A table by id or by name (the record nodes'): the id first, then the name ignoring case.
     * `lock` takes the row for the rest of the transaction: `share` for a record write,
     * `update` for a structure change, so a write never checks values against a structure
     * being changed.
     */
    async findRef(
      workspaceId: string,
      ref: string,
      tx: Db = db,
      lock?: 'share' | 'update',
    ): Promise<DbTableRow | null> {
      const byId = uuidPattern.test(ref) ? eq(dbTables.id, ref) : undefined;
      const byName = eq(sql`lower(${dbTables.name})`, ref.toLowerCase());
      for (const condition of [byId, byName]) {
        if (!condition) continue;
        let query = tx
          .select()
          .from(dbTables)
          .where(and(eq(dbTables.workspaceId, workspaceId), condition))
          .$dynamic();
        if (lock === 'share') query = query.for('share');
        if (lock === 'update') query = query.for('update');
        const [row] = await query;
        if (row) return row;
      }
      return null;
    },

    async groupExists(workspaceId: string, groupId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: groups.id })
        .from(groups)
        .where(and(eq(groups.workspaceId, workspaceId), eq(groups.id, groupId)));
      return Boolean(row);
    },

    async customerOf(workspaceId: string): Promise<string> {
      const [row] = await db
        .select({ customerId: workspaces.customerId })
        .from(workspaces)
        .where(eq(workspaces.id, workspaceId));
      return row?.customerId ?? '';
    },

    async insert(tx: Db, row: typeof dbTables.$inferInsert): Promise<DbTableRow> {
      const [created] = await tx.insert(dbTables).values(row).returning();
      return created!;
    },

    async update(
      tx: Db,
      workspaceId: string,
      id: string,
      values: Partial<typeof dbTables.$inferInsert>,
    ): Promise<DbTableRow | null> {
      const [row] = await tx
        .update(dbTables)
        .set(values)
        .where(scoped(workspaceId, id))
        .returning();
      return row ?? null;
    },

    async remove(tx: Db, workspaceId: string, id: string): Promise<boolean> {
      const rows = await tx
        .delete(dbTables)
        .where(scoped(workspaceId, id))
        .returning({ id: dbTables.id });
      return rows.length > 0;
    },
  };
}

export type DbTablesRepository = ReturnType<typeof createDbTablesRepository>;
