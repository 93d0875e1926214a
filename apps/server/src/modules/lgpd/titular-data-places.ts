import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dbRecords, dbTables, flows, logs } from '../../db/schema';
import { containsFolded } from '../../lib/list-query';
import { before, holdsNeedle } from './titular-execution-places';
import { countInValue, hits, type TitularMatcher } from './titular-matcher';
import {
  executionHit,
  scanPages,
  searchPages,
  type Keyset,
  type TitularPlaceHandler,
} from './titular-scan';

/**
 * The monitoring log lines (message and label). The filter goes through the trigram indexes on
 * their folded texts (docs/adr/0079): a needle has no accents, so folding changes only its
 * case. Erasing scrubs the lines in place: each occurrence, exact or masked, becomes
 * '[removido]' and the rest of the line stays (a masked trace may be someone else's line).
 */
export function logsPlace(db: Database): TitularPlaceHandler {
  const fetch =
    (workspaceId: string, matcher: TitularMatcher) =>
    (after: Keyset<number> | null, limit: number) =>
      db
        .select({
          id: logs.id,
          at: logs.createdAt,
          flowId: logs.flowId,
          flowName: flows.name,
          executionId: logs.executionId,
          message: logs.message,
          label: logs.label,
        })
        .from(logs)
        .leftJoin(flows, and(eq(flows.id, logs.flowId), eq(flows.workspaceId, workspaceId)))
        .where(
          and(
            eq(logs.workspaceId, workspaceId),
            or(
              ...matcher.needles.flatMap((needle) => [
                containsFolded(logs.message, needle),
                containsFolded(logs.label, needle),
              ]),
            ),
            after
              ? sql`(${logs.createdAt}, ${logs.id}) < (${after.at.toISOString()}::timestamptz, ${after.id})`
              : undefined,
          ),
        )
        .orderBy(desc(logs.createdAt), desc(logs.id))
        .limit(limit);
  type Row = Awaited<ReturnType<ReturnType<typeof fetch>>>[number];
  const countOf = (matcher: TitularMatcher, row: Row) => {
    const message = matcher.count(row.message);
    const label = matcher.count(row.label);
    return {
      count: { exact: message.exact + label.exact, masked: message.masked + label.masked },
      fields: [...(hits(message) ? ['message'] : []), ...(hits(label) ? ['label'] : [])],
    };
  };

  return {
    search: (workspaceId, matcher) =>
      searchPages(fetch(workspaceId, matcher), (row) => {
        const { count, fields } = countOf(matcher, row);
        return {
          count,
          hit: () => executionHit(row, String(row.id), row.executionId, fields),
        };
      }),

    async erase(workspaceId, matcher) {
      let done = 0;
      await scanPages(
        fetch(workspaceId, matcher),
        async (rows) => {
          for (const row of rows) {
            if (countOf(matcher, row).fields.length === 0) continue;
            const changed = await db
              .update(logs)
              .set({ message: matcher.scrub(row.message), label: matcher.scrub(row.label) })
              .where(and(eq(logs.workspaceId, workspaceId), eq(logs.id, row.id)))
              .returning({ id: logs.id });
            done += changed.length;
          }
        },
        { batch: 500 },
      );
      return { done, failed: 0 };
    },
  };
}

/**
 * The records of the workspace's tables (`db_records.data`). Erasing deletes the records that
 * hold the value as written; a record holding only its masked form (a trace that may be another
 * person's) is kept.
 */
export function recordsPlace(db: Database): TitularPlaceHandler {
  const fetch =
    (workspaceId: string, matcher: TitularMatcher) => (after: Keyset | null, limit: number) =>
      db
        .select({
          id: dbRecords.id,
          at: dbRecords.createdAt,
          tableId: dbRecords.tableId,
          tableName: dbTables.name,
          data: dbRecords.data,
        })
        .from(dbRecords)
        .innerJoin(dbTables, eq(dbTables.id, dbRecords.tableId))
        .where(
          and(
            eq(dbRecords.workspaceId, workspaceId),
            holdsNeedle(sql`${dbRecords.data}::text`, matcher),
            before(sql`${dbRecords.createdAt}`, sql`${dbRecords.id}`, after),
          ),
        )
        .orderBy(desc(dbRecords.createdAt), desc(dbRecords.id))
        .limit(limit);
  type Row = Awaited<ReturnType<ReturnType<typeof fetch>>>[number];
  const fieldsOf = (matcher: TitularMatcher, row: Row) =>
    Object.entries(row.data)
      .filter(([key, value]) => hits(countInValue(matcher, { [key]: value })))
      .map(([key]) => key);

  return {
    search: (workspaceId, matcher) =>
      searchPages(fetch(workspaceId, matcher), (row) => ({
        count: countInValue(matcher, row.data),
        hit: () => ({
          id: row.id,
          at: row.at.toISOString(),
          fields: fieldsOf(matcher, row),
          table_id: row.tableId,
          table_name: row.tableName,
        }),
      })),

    async erase(workspaceId, matcher) {
      let done = 0;
      await scanPages(
        fetch(workspaceId, matcher),
        async (rows) => {
          const ids = rows
            .filter((row) => countInValue(matcher, row.data).exact > 0)
            .map((r) => r.id);
          if (ids.length === 0) return;
          const removed = await db
            .delete(dbRecords)
            .where(and(eq(dbRecords.workspaceId, workspaceId), inArray(dbRecords.id, ids)))
            .returning({ id: dbRecords.id });
          done += removed.length;
        },
        { batch: 500 },
      );
      return { done, failed: 0 };
    },
  };
}
