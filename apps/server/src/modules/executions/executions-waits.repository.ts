import { and, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { executions, flows } from '../../db/schema';
import { ofFlowsWithin, type GroupLimit } from '../../lib/group-access/group-scope';
import { rowsOf, summaryColumns, type ExecutionRow } from './executions.columns';

/** The new attempts the sweep resumes (docs/adr/0110). */
export function retryQueries(db: Database) {
  return {
    /**
     * Waiting executions whose next attempt is due (docs/adr/0110), for one process: each is
     * taken for `leaseMs` (its `resume_at` moves on), so no other sweep takes it meanwhile; a
     * job lost with its queue is taken again once the lease runs out.
     */
    async takeDueRetries(now: Date, leaseMs: number, limit = 100) {
      const result = await db.execute(sql`
        update executions set resume_at = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz
        where id in (
          select id from executions
          where status = 'waiting' and resume_at <= ${now.toISOString()}::timestamptz
          order by resume_at limit ${limit} for update skip locked)
        returning id, workspace_id as "workspaceId", flow_id as "flowId", resume, wait_seq as "waitSeq"`);
      return rowsOf<Pick<ExecutionRow, 'id' | 'workspaceId' | 'flowId' | 'resume' | 'waitSeq'>>(
        result,
      );
    },

    /**
     * A waiting execution starts its new attempts here: running again, owned by this process.
     * False when it no longer waits, or waits for something newer than `waitSeq`.
     */
    async resumeRunning(
      id: string,
      waitSeq: number,
      at: Date,
      ownerId: string | null,
      flowVersion: number | null,
    ): Promise<boolean> {
      const rows = await db
        .update(executions)
        .set({
          status: 'running',
          startedAt: at,
          endedAt: null,
          durationMs: null,
          ownerId,
          resumeAt: null,
          ...(flowVersion === null ? {} : { flowVersion }),
        })
        .where(
          and(
            eq(executions.id, id),
            eq(executions.status, 'waiting'),
            eq(executions.waitSeq, waitSeq),
          ),
        )
        .returning({ id: executions.id });
      return rows.length > 0;
    },

    /**
     * A part running new attempts whose worker is stopping (docs/adr/0110): waiting again, its
     * attempts due at `at`. False when it was not this process's any more.
     */
    async handBackWaiting(id: string, ownerId: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(executions)
        .set({ status: 'waiting', ownerId: null, resumeAt: at })
        .where(
          and(
            eq(executions.id, id),
            eq(executions.status, 'running'),
            eq(executions.ownerId, ownerId),
          ),
        )
        .returning({ id: executions.id });
      return rows.length > 0;
    },
  };
}

/**
 * The queued and waiting executions the lists show with their reason, and what a person does
 * to them: 'Parar', 'Executar agora' (docs/adr/0111).
 */
export function waitingQueries(db: Database) {
  return {
    /**
     * The workspace's queued and waiting executions, oldest first (at most 500), with their
     * flow's concurrency limit (docs/adr/0111).
     */
    async notRunning(workspaceId: string, within?: GroupLimit) {
      return db
        .select({
          ...summaryColumns,
          concurrencyLimit: sql<number>`coalesce((${flows.config}->>'rate_limit')::int, 0)`,
        })
        .from(executions)
        .leftJoin(flows, eq(flows.id, executions.flowId))
        .where(
          and(
            eq(executions.workspaceId, workspaceId),
            inArray(executions.status, ['queued', 'waiting']),
            ofFlowsWithin(executions.flowId, within),
          ),
        )
        .orderBy(executions.queuedAt)
        .limit(500);
    },

    /** Running executions of each of these flows of the workspace, in every process. */
    async runningByFlow(workspaceId: string, flowIds: string[]): Promise<Map<string, number>> {
      if (!flowIds.length) return new Map();
      const rows = await db
        .select({ flowId: executions.flowId, n: count() })
        .from(executions)
        .where(
          and(
            eq(executions.workspaceId, workspaceId),
            eq(executions.status, 'running'),
            inArray(executions.flowId, flowIds),
          ),
        )
        .groupBy(executions.flowId);
      return new Map(rows.map((row) => [row.flowId, Number(row.n)]));
    },

    /**
     * A waiting execution of the workspace is stopped ('Parar', docs/adr/0111): its waits go,
     * an approval pending on it will find it no longer waits. False when it was not waiting.
     */
    async stopWaiting(workspaceId: string, id: string, at: Date, error: { message: string }) {
      const rows = await db
        .update(executions)
        .set({ status: 'stopped', endedAt: at, error, waits: null, resume: null, resumeAt: null })
        .where(
          and(
            eq(executions.id, id),
            eq(executions.workspaceId, workspaceId),
            eq(executions.status, 'waiting'),
          ),
        )
        .returning({ id: executions.id });
      return rows.length > 0;
    },

    /**
     * 'Executar agora': a waiting execution's new attempts are due at `at` (the sweep takes
     * them). False when it waits for no attempt, or the attempts are already due.
     */
    async runNow(workspaceId: string, id: string, at: Date): Promise<boolean> {
      const now = sql`${at.toISOString()}::text`;
      const retries = sql`jsonb_array_elements(${executions.resume}->'retries') r`;
      // The expiry of a link or an approval is no attempt: it stays when it was (ADR 0114, 0115).
      const expiry = sql`coalesce(jsonb_typeof(r->'resumed') = 'object'
        and ((r->'resumed') ? 'link' or (r->'resumed') ? 'request'), false)`;
      const rows = await db
        .update(executions)
        .set({
          resumeAt: sql`(select min(case when ${expiry} then (r->>'at')::timestamptz
            else ${now}::timestamptz end) from ${retries})`,
          // Every attempt and delay of the row is due now, so the job takes them all.
          resume: sql`jsonb_set(${executions.resume}, '{retries}', coalesce((
            select jsonb_agg(case when ${expiry} then r else r || jsonb_build_object('at', ${now}) end)
            from ${retries}), '[]'::jsonb))`,
        })
        .where(
          and(
            eq(executions.id, id),
            eq(executions.workspaceId, workspaceId),
            eq(executions.status, 'waiting'),
            isNotNull(executions.resume),
            sql`exists (select 1 from ${retries}
              where not ${expiry} and (r->>'at')::timestamptz > ${at.toISOString()}::timestamptz)`,
          ),
        )
        .returning({ id: executions.id });
      return rows.length > 0;
    },
  };
}
