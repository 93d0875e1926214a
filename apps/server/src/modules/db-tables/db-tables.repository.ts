import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dbTables } from '../../db/schema';
import {
  byName,
  createNamedTable,
  customerOf,
  type NamedListOptions,
} from '../../lib/named-resource/named-table';

export type DbTableRow = typeof dbTables.$inferSelect;
export type DbTableWithCount = DbTableRow & { entitiesCount: number };
/** The database or a transaction of it. */
export type Db = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export type TableListOptions = NamedListOptions;

/** Exact: a count of the table's rows (docs/adr/0023). */
const entitiesCount = sql<number>`(select count(*)::int from db_records r where r.table_id = ${sql.raw('"db_tables"."id"')})`;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every call takes the workspace of the session; no query leaves it. */
export function createDbTablesRepository(db: Database) {
  const named = createNamedTable(db, dbTables);
  const { scoped } = named;

  return {
    /** A page by name (ignoring case), each table with its count of records. */
    async list(workspaceId: string, options: TableListOptions) {
      const query = db.select({ table: dbTables, entitiesCount }).from(dbTables).$dynamic();
      const { items, total } = await named.page(workspaceId, options, query, byName(dbTables));
      return {
        items: items.map((row) => ({ ...row.table, entitiesCount: row.entitiesCount })),
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

    groupExists: named.groupExists,

    customerOf: (workspaceId: string) => customerOf(db, workspaceId),

    insert: (tx: Db, row: typeof dbTables.$inferInsert) => named.insert(row, tx),

    /** Saves the values only while the table is at `version`, moving it to the next one. */
    updateVersion: (
      tx: Db,
      workspaceId: string,
      id: string,
      version: number,
      values: Partial<typeof dbTables.$inferInsert>,
    ) => named.updateVersion(workspaceId, id, version, values, tx),

    remove: (tx: Db, workspaceId: string, id: string) => named.remove(workspaceId, id, tx),
  };
}

export type DbTablesRepository = ReturnType<typeof createDbTablesRepository>;
