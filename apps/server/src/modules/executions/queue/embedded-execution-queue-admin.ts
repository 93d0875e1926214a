import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { queueJobs } from '../../../db/schema';
import { pageOffset } from '../../../lib/list-query';
import type { ExecutionQueueCounts, ExecutionQueueDriver } from './execution-queue-driver';
import { toExecutionJob, type LocalExecutionConsumer } from './embedded-execution-queue-rows';

/**
 * What an operator and a restart see of the embedded queue: counts, pages of jobs, removal of
 * a waiting job, and the recovery of jobs a dead process left active.
 */
export function createEmbeddedExecutionAdmin(
  db: Database,
  locals: Map<string, LocalExecutionConsumer>,
): Pick<ExecutionQueueDriver, 'counts' | 'list' | 'remove' | 'recover'> {
  return {
    async counts(queue) {
      const rows = await db
        .select({
          status: queueJobs.status,
          delayed: sql<boolean>`${queueJobs.runAt} > now()`,
          n: count(),
        })
        .from(queueJobs)
        .where(eq(queueJobs.queue, queue))
        .groupBy(queueJobs.status, sql`${queueJobs.runAt} > now()`);
      const counts: ExecutionQueueCounts = {
        waiting: 0,
        delayed: 0,
        active: 0,
        completed: 0,
        failed: 0,
      };
      for (const row of rows) {
        if (row.status === 'waiting' && row.delayed) counts.delayed += Number(row.n);
        else counts[row.status] += Number(row.n);
      }
      counts.active += locals.get(queue)?.unwritten().length ?? 0;
      return counts;
    },

    async list(queue, { status, page, limit }) {
      const conditions: SQL[] = [eq(queueJobs.queue, queue)];
      if (status) conditions.push(eq(queueJobs.status, status));
      const where = and(...conditions);
      const [counted] = await db.select({ total: count() }).from(queueJobs).where(where);
      const total = counted?.total ?? 0;
      const rows = await db
        .select()
        .from(queueJobs)
        .where(where)
        .orderBy(desc(queueJobs.seq))
        .limit(limit)
        .offset(pageOffset(page, limit, total));
      return { items: rows.map(toExecutionJob), total };
    },

    async remove(jobId) {
      const rows = await db
        .delete(queueJobs)
        .where(and(eq(queueJobs.id, jobId), eq(queueJobs.status, 'waiting')))
        .returning({ queue: queueJobs.queue });
      if (rows[0]) locals.get(rows[0].queue)?.countWaiting(-1);
      return rows.length > 0;
    },

    /** Jobs left active by a process that died are marked failed ('crashed'). */
    async recover() {
      const rows = await db
        .update(queueJobs)
        .set({ status: 'failed', error: 'crashed', finishedAt: new Date() })
        .where(eq(queueJobs.status, 'active'))
        .returning();
      return rows.map(toExecutionJob);
    },
  };
}
