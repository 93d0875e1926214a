import { and, eq, gt, min, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { queueJobs } from '../../../db/schema';
import type { LocalExecutionConsumer, ExecutionJobRow } from './embedded-execution-queue-rows';

/**
 * Claiming the next job of a queue. Workspaces take turns (fewest jobs running first, then
 * least recently served), each giving its oldest runnable job; jobs sharing a concurrency key
 * (a flow with a rate limit) wait while the key is at its limit.
 */
export function createExecutionJobClaimer(
  db: Database,
  locals: Map<string, LocalExecutionConsumer>,
) {
  /** Per queue: when each workspace was last given a job (round robin between workspaces). */
  const served = new Map<string, Map<string, number>>();
  let turn = 0;

  /** Workspaces with a runnable job, with how many of their jobs run now. */
  const candidates = async (queue: string, at: Date) => {
    const result = await db.execute(sql`
      select w.workspace_id,
        (select count(*) from queue_jobs a
          where a.queue = ${queue} and a.status = 'active' and a.workspace_id = w.workspace_id) as active
      from (select distinct workspace_id from queue_jobs
            where queue = ${queue} and status = 'waiting' and run_at <= ${at.toISOString()}::timestamptz) w`);
    return (result as unknown as { rows: { workspace_id: string; active: string | number }[] })
      .rows;
  };

  /** The workspace's oldest runnable job whose concurrency key is under its limit. */
  const claimFrom = async (
    queue: string,
    workspaceId: string,
    at: Date,
    unwrittenByKey: Record<string, number>,
  ): Promise<string | null> => {
    const result = await db.execute(sql`
      update queue_jobs set status = 'active', started_at = now(), attempts = attempts + 1
      where id = (
        select j.id from queue_jobs j
        where j.queue = ${queue} and j.workspace_id = ${workspaceId}
          and j.status = 'waiting' and j.run_at <= ${at.toISOString()}::timestamptz
          and (j.concurrency_limit = 0 or (
            select count(*) from queue_jobs a
            where a.status = 'active' and a.concurrency_key = j.concurrency_key
          ) + coalesce((${JSON.stringify(unwrittenByKey)}::jsonb ->> j.concurrency_key)::int, 0)
            < j.concurrency_limit)
        order by j.run_at, j.seq
        limit 1
        for update skip locked
      )
      returning id`);
    return (result as unknown as { rows: { id: string }[] }).rows[0]?.id ?? null;
  };

  /** Jobs running from a slot without a row, by concurrency key and by workspace. */
  const unwrittenCounts = (queue: string) => {
    const byKey: Record<string, number> = {};
    const byWorkspace = new Map<string, number>();
    for (const job of locals.get(queue)?.unwritten() ?? []) {
      if (job.concurrencyKey) byKey[job.concurrencyKey] = (byKey[job.concurrencyKey] ?? 0) + 1;
      byWorkspace.set(job.workspaceId, (byWorkspace.get(job.workspaceId) ?? 0) + 1);
    }
    return { byKey, byWorkspace };
  };

  return {
    /**
     * The next job: workspaces with fewer jobs running go first, then the one served least
     * recently, so one workspace's flood never starves another's.
     */
    async claim(queue: string, at: Date): Promise<ExecutionJobRow | null> {
      const lastServed = served.get(queue) ?? new Map<string, number>();
      served.set(queue, lastServed);
      const unwritten = unwrittenCounts(queue);
      const running = (workspaceId: string, active: string | number) =>
        Number(active) + (unwritten.byWorkspace.get(workspaceId) ?? 0);
      const order = (await candidates(queue, at)).sort(
        (a, b) =>
          running(a.workspace_id, a.active) - running(b.workspace_id, b.active) ||
          (lastServed.get(a.workspace_id) ?? -1) - (lastServed.get(b.workspace_id) ?? -1),
      );
      for (const { workspace_id } of order) {
        const id = await claimFrom(queue, workspace_id, at, unwritten.byKey);
        if (!id) continue;
        lastServed.set(workspace_id, ++turn);
        const [row] = await db.select().from(queueJobs).where(eq(queueJobs.id, id));
        if (row) return row;
      }
      return null;
    },

    /** The earliest job that was not yet due when the look at `after` was taken. */
    async nextRunAt(queue: string, after: Date): Promise<Date | null> {
      const [row] = await db
        .select({ at: min(queueJobs.runAt) })
        .from(queueJobs)
        .where(
          and(
            eq(queueJobs.queue, queue),
            eq(queueJobs.status, 'waiting'),
            gt(queueJobs.runAt, after),
          ),
        );
      return row?.at ? new Date(row.at) : null;
    },
  };
}

export type ExecutionJobClaimer = ReturnType<typeof createExecutionJobClaimer>;
