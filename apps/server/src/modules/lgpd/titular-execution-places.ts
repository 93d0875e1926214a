import { and, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { executionData, executions, flows } from '../../db/schema';
import { countInValue, hits, scrubValue, type TitularMatcher } from './titular-matcher';
import {
  executionHit,
  scanPages,
  searchPages,
  type Keyset,
  type TitularPlaceHandler,
} from './titular-scan';

/** The form trigger's type: its executions are the form's submissions ('Envios de formulário'). */
export const formTriggerType = 'core_form_trigger';

/** `column`'s text matches one of the needles (no boundaries: `count` decides). */
export const holdsNeedle = (column: SQL, matcher: TitularMatcher) =>
  sql`${column} ~* ${matcher.pattern}`;

/** Rows after `after` in `(time desc, id desc)` order. */
export const before = (time: SQL, id: SQL, after: Keyset | null) =>
  after ? sql`(${time}, ${id}) < (${after.at.toISOString()}::timestamptz, ${after.id})` : undefined;

/**
 * The executions' trigger messages and errors (docs/adr/0124): those started by a form trigger
 * are its submissions (`forms`), the others the place 'Execuções'. Erasing anonymises them: the
 * execution stays in the history with each occurrence, exact or masked, as '[removido]', and is
 * marked `personal_data_masked` (a re-run would run on '[removido]': it is refused).
 */
export function executionsPlace(db: Database, forms: boolean): TitularPlaceHandler {
  const fetch =
    (workspaceId: string, matcher: TitularMatcher) => (after: Keyset | null, limit: number) =>
      db
        .select({
          id: executions.id,
          at: executions.queuedAt,
          flowId: executions.flowId,
          flowName: flows.name,
          triggerMsg: executions.triggerMsg,
          error: executions.error,
        })
        .from(executions)
        .leftJoin(flows, and(eq(flows.id, executions.flowId), eq(flows.workspaceId, workspaceId)))
        .where(
          and(
            eq(executions.workspaceId, workspaceId),
            forms
              ? eq(executions.triggerType, formTriggerType)
              : ne(executions.triggerType, formTriggerType),
            or(
              holdsNeedle(sql`${executions.triggerMsg}::text`, matcher),
              holdsNeedle(sql`${executions.error}::text`, matcher),
            ),
            before(sql`${executions.queuedAt}`, sql`${executions.id}`, after),
          ),
        )
        .orderBy(desc(executions.queuedAt), desc(executions.id))
        .limit(limit);
  type Row = Awaited<ReturnType<ReturnType<typeof fetch>>>[number];
  const fieldsOf = (matcher: TitularMatcher, row: Row) => {
    const trigger = countInValue(matcher, row.triggerMsg);
    const error = countInValue(matcher, row.error);
    const fields = [...(hits(trigger) ? ['trigger_msg'] : []), ...(hits(error) ? ['error'] : [])];
    return {
      count: { exact: trigger.exact + error.exact, masked: trigger.masked + error.masked },
      fields,
    };
  };

  return {
    search: (workspaceId, matcher) =>
      searchPages(fetch(workspaceId, matcher), (row) => {
        const { count, fields } = fieldsOf(matcher, row);
        return { count, hit: () => executionHit(row, row.id, row.id, fields) };
      }),

    async erase(workspaceId, matcher) {
      let done = 0;
      await scanPages(
        fetch(workspaceId, matcher),
        async (rows) => {
          for (const row of rows) {
            if (fieldsOf(matcher, row).fields.length === 0) continue;
            await db
              .update(executions)
              .set({
                triggerMsg: scrubValue(matcher, row.triggerMsg) as typeof row.triggerMsg,
                error: scrubValue(matcher, row.error) as typeof row.error,
                personalDataMasked: true,
              })
              .where(and(eq(executions.workspaceId, workspaceId), eq(executions.id, row.id)));
            done += 1;
          }
        },
        { batch: 500 },
      );
      return { done, failed: 0 };
    },
  };
}

/** The runs' JSON, parsed; a text that is not JSON stays a text. */
function parsedRuns(runs: string): unknown {
  try {
    return JSON.parse(runs) as unknown;
  } catch {
    return runs;
  }
}

function countOf(matcher: TitularMatcher, runsText: string, summariesValue: unknown) {
  const runs = countInValue(matcher, parsedRuns(runsText));
  const summaries = countInValue(matcher, summariesValue);
  return {
    count: { exact: runs.exact + summaries.exact, masked: runs.masked + summaries.masked },
    fields: [...(hits(runs) ? ['runs'] : []), ...(hits(summaries) ? ['summaries'] : [])],
  };
}

/**
 * What executions kept of their nodes (`execution_data`: the runs' JSON text and the
 * summaries). Read in small pages: a row's runs may be large. Erasing anonymises them and marks
 * their execution `personal_data_masked`, in one transaction.
 */
export function executionDataPlace(db: Database): TitularPlaceHandler {
  const fetch =
    (workspaceId: string, matcher: TitularMatcher) => (after: Keyset | null, limit: number) =>
      db
        .select({
          id: executionData.executionId,
          at: executionData.createdAt,
          flowId: executionData.flowId,
          flowName: flows.name,
          runs: executionData.runs,
          summaries: executionData.summaries,
        })
        .from(executionData)
        .leftJoin(
          flows,
          and(eq(flows.id, executionData.flowId), eq(flows.workspaceId, workspaceId)),
        )
        .where(
          and(
            eq(executionData.workspaceId, workspaceId),
            or(
              holdsNeedle(sql`${executionData.runs}`, matcher),
              holdsNeedle(sql`${executionData.summaries}::text`, matcher),
            ),
            before(sql`${executionData.createdAt}`, sql`${executionData.executionId}`, after),
          ),
        )
        .orderBy(desc(executionData.createdAt), desc(executionData.executionId))
        .limit(limit);

  return {
    search: (workspaceId, matcher) =>
      searchPages(
        fetch(workspaceId, matcher),
        (row) => {
          const { count, fields } = countOf(matcher, row.runs, row.summaries);
          return { count, hit: () => executionHit(row, row.id, row.id, fields) };
        },
        50,
      ),

    async erase(workspaceId, matcher) {
      let done = 0;
      await scanPages(
        fetch(workspaceId, matcher),
        async (rows) => {
          for (const row of rows) {
            if (countOf(matcher, row.runs, row.summaries).fields.length === 0) continue;
            const value = parsedRuns(row.runs);
            const runs =
              typeof value === 'string'
                ? matcher.scrub(value)
                : JSON.stringify(scrubValue(matcher, value));
            await db.transaction(async (tx) => {
              await tx
                .update(executionData)
                .set({
                  runs,
                  summaries: scrubValue(matcher, row.summaries) as typeof row.summaries,
                  bytes: sql`greatest(0, ${executionData.bytes} + ${Buffer.byteLength(runs) - Buffer.byteLength(row.runs)})`,
                })
                .where(
                  and(
                    eq(executionData.workspaceId, workspaceId),
                    eq(executionData.executionId, row.id),
                  ),
                );
              await tx
                .update(executions)
                .set({ personalDataMasked: true })
                .where(and(eq(executions.workspaceId, workspaceId), eq(executions.id, row.id)));
            });
            done += 1;
          }
        },
        { batch: 50 },
      );
      return { done, failed: 0 };
    },
  };
}
