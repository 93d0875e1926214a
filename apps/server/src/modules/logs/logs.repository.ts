import { and, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { dateAliases, type LogFilters } from '@ponte/shared/monitoring.schema';
import { limits } from '@ponte/shared/limits';
import type { Database } from '../../db/client';
import { logs } from '../../db/schema';
import { ofFlowsWithin, type GroupLimit } from '../../lib/group-access/group-scope';
import { containsFolded } from '../../lib/list-query';

export type LogRow = typeof logs.$inferSelect;

/** The filters of the list, and the caller's groups when limited to some (docs/adr/0109). */
export type LogQuery = LogFilters & { within?: GroupLimit };

/** Every call takes the workspace of the session; no query leaves it. */
export function createLogsRepository(db: Database) {
  const where = (workspaceId: string, filters: LogQuery, now: Date): SQL => {
    const conditions: SQL[] = [eq(logs.workspaceId, workspaceId)];
    const within = ofFlowsWithin(logs.flowId, filters.within);
    if (within) conditions.push(within);
    if (filters.from || filters.to) {
      // Every query has a start: `to` alone looks back as far as the longest date alias.
      const from = filters.from
        ? new Date(filters.from)
        : new Date(new Date(filters.to!).getTime() - dateAliases['1000d']);
      conditions.push(gte(logs.createdAt, from));
      if (filters.to) conditions.push(lte(logs.createdAt, new Date(filters.to)));
    } else {
      const span = dateAliases[filters.date_alias ?? '1h'];
      conditions.push(gte(logs.createdAt, new Date(now.getTime() - span)));
    }
    if (filters.flow) conditions.push(eq(logs.flowId, filters.flow));
    if (filters.execution_id) conditions.push(eq(logs.executionId, filters.execution_id));
    if (filters.type && filters.type !== 'all') conditions.push(eq(logs.type, filters.type));
    if (filters.search) {
      // Case and accents aside, served by the trigram indexes on the folded texts (docs/adr/0079).
      const search = filters.search;
      conditions.push(
        or(containsFolded(logs.message, search), containsFolded(logs.label, search))!,
      );
    }
    return and(...conditions)!;
  };

  async function listIn(
    conn: Database,
    workspaceId: string,
    filters: LogQuery,
    page: number,
    size: number,
    now: Date,
  ) {
    const condition = where(workspaceId, filters, now);
    const capped = conn
      .select({ one: sql`1` })
      .from(logs)
      .where(condition)
      .limit(limits.totalCap)
      .as('capped');
    const [counted] = await conn.select({ total: sql<number>`count(*)::int` }).from(capped);
    const total = Number(counted?.total ?? 0);
    const lastPage = Math.max(1, Math.ceil(total / size));
    const offset = (Math.min(page, lastPage) - 1) * size;
    const items = await conn
      .select()
      .from(logs)
      .where(condition)
      .orderBy(desc(logs.createdAt), desc(logs.id))
      .limit(size)
      .offset(offset);
    return { items, total };
  }

  return {
    /**
     * A page, newest first, and the total capped at 10000 (counting stops there). With
     * `timeoutMs`, both statements run in one transaction under `SET LOCAL statement_timeout`
     * (PostgreSQL, embedded or not, cancels them with SQLSTATE 57014: docs/adr/0021).
     */
    async list(
      workspaceId: string,
      filters: LogQuery,
      page: number,
      size: number,
      now: Date,
      timeoutMs?: number,
    ) {
      if (timeoutMs === undefined) return listIn(db, workspaceId, filters, page, size, now);
      const ms = Math.max(1, Math.trunc(timeoutMs));
      return db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local statement_timeout = ${ms}`));
        return listIn(tx, workspaceId, filters, page, size, now);
      });
    },

    /**
     * Removes logs written at or before `cutoff`, every workspace, at most `batch` rows per
     * statement so that the table is never locked for long. Gives how many went.
     */
    async deleteOlderThan(cutoff: Date, batch = 5_000): Promise<number> {
      let removed = 0;
      for (;;) {
        const oldest = db
          .select({ id: logs.id })
          .from(logs)
          .where(lte(logs.createdAt, cutoff))
          .limit(batch);
        const rows = await db
          .delete(logs)
          .where(inArray(logs.id, oldest))
          .returning({ id: logs.id });
        removed += rows.length;
        if (rows.length < batch) return removed;
      }
    },
  };
}
