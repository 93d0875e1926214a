import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gt, min, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queueJobs } from '../../db/schema';
import { pageOffset } from '../../lib/list-query';
import type {
  ConsumeOptions,
  JobHandler,
  QueueConsumer,
  QueueCounts,
  QueueDriver,
  QueueJob,
} from './queue-driver';

type Row = typeof queueJobs.$inferSelect;

const toJob = (row: Row): QueueJob => ({
  id: row.id,
  queue: row.queue,
  workspaceId: row.workspaceId,
  payload: row.payload,
  status: row.status,
  attempts: row.attempts,
  runAt: row.runAt,
  createdAt: row.createdAt,
  startedAt: row.startedAt,
  finishedAt: row.finishedAt,
  error: row.error,
});

/** Longest wait between two looks at delayed jobs (a clock jump or a missed wake-up). */
const maxIdleMs = 30_000;

/**
 * The embedded driver: jobs are rows of `queue_jobs`, consumed by this process. Workspaces take
 * turns (fewest jobs running first, then least recently served), each giving its oldest
 * runnable job; jobs sharing a concurrency key (a flow with a rate limit) wait while the key
 * is at its limit. One process owns the queue (PGlite is single-process;
 * with PostgreSQL and several processes, use the Redis driver).
 */
export function createEmbeddedQueueDriver(db: Database): QueueDriver {
  const paused = new Set<string>();
  const wakers = new Map<string, () => void>();
  const consumers = new Set<QueueConsumer>();

  /** Per queue: when each workspace was last given a job (round robin between workspaces). */
  const served = new Map<string, Map<string, number>>();
  let turn = 0;

  /** Workspaces with a runnable job, with how many of their jobs run now. */
  const candidates = async (queue: string) => {
    const result = await db.execute(sql`
      select w.workspace_id,
        (select count(*) from queue_jobs a
          where a.queue = ${queue} and a.status = 'active' and a.workspace_id = w.workspace_id) as active
      from (select distinct workspace_id from queue_jobs
            where queue = ${queue} and status = 'waiting' and run_at <= now()) w`);
    return (result as unknown as { rows: { workspace_id: string; active: string | number }[] })
      .rows;
  };

  /** The workspace's oldest runnable job whose concurrency key is under its limit. */
  const claimFrom = async (queue: string, workspaceId: string): Promise<string | null> => {
    const result = await db.execute(sql`
      update queue_jobs set status = 'active', started_at = now(), attempts = attempts + 1
      where id = (
        select j.id from queue_jobs j
        where j.queue = ${queue} and j.workspace_id = ${workspaceId}
          and j.status = 'waiting' and j.run_at <= now()
          and (j.concurrency_limit = 0 or (
            select count(*) from queue_jobs a
            where a.status = 'active' and a.concurrency_key = j.concurrency_key
          ) < j.concurrency_limit)
        order by j.run_at, j.seq
        limit 1
        for update skip locked
      )
      returning id`);
    return (result as unknown as { rows: { id: string }[] }).rows[0]?.id ?? null;
  };

  /**
   * The next job: workspaces with fewer jobs running go first, then the one served least
   * recently, so one workspace's flood never starves another's.
   */
  const claim = async (queue: string): Promise<Row | null> => {
    const lastServed = served.get(queue) ?? new Map<string, number>();
    served.set(queue, lastServed);
    const order = (await candidates(queue)).sort(
      (a, b) =>
        Number(a.active) - Number(b.active) ||
        (lastServed.get(a.workspace_id) ?? -1) - (lastServed.get(b.workspace_id) ?? -1),
    );
    for (const { workspace_id } of order) {
      const id = await claimFrom(queue, workspace_id);
      if (!id) continue;
      lastServed.set(workspace_id, ++turn);
      const [row] = await db.select().from(queueJobs).where(eq(queueJobs.id, id));
      if (row) return row;
    }
    return null;
  };

  const nextRunAt = async (queue: string): Promise<Date | null> => {
    const [row] = await db
      .select({ at: min(queueJobs.runAt) })
      .from(queueJobs)
      .where(
        and(
          eq(queueJobs.queue, queue),
          eq(queueJobs.status, 'waiting'),
          gt(queueJobs.runAt, sql`now()`),
        ),
      );
    return row?.at ? new Date(row.at) : null;
  };

  const driver: QueueDriver = {
    async enqueue(queue, options) {
      const now = Date.now();
      const [row] = await db
        .insert(queueJobs)
        .values({
          id: randomUUID(),
          queue,
          workspaceId: options.workspaceId,
          payload: options.payload ?? null,
          concurrencyKey: options.concurrencyKey ?? null,
          concurrencyLimit: Math.max(0, Math.trunc(options.concurrencyLimit ?? 0)),
          status: 'waiting',
          runAt: new Date(now + Math.max(0, options.delayMs ?? 0)),
        })
        .returning();
      wakers.get(queue)?.();
      return toJob(row!);
    },

    consume(queue, handler: JobHandler, options: ConsumeOptions) {
      const running = new Map<string, { done: Promise<void>; abort: AbortController }>();
      let stopped = false;
      let pumping = false;
      let again = false;
      let timer: NodeJS.Timeout | undefined;

      const finish = async (job: Row, error: unknown) => {
        const failed = error !== undefined;
        if (!failed && !options.keepCompleted) {
          await db.delete(queueJobs).where(eq(queueJobs.id, job.id));
          return;
        }
        await db
          .update(queueJobs)
          .set({
            status: failed ? 'failed' : 'completed',
            finishedAt: new Date(),
            error: failed ? (error instanceof Error ? error.message : String(error)) : null,
          })
          .where(eq(queueJobs.id, job.id));
      };

      const start = (row: Row) => {
        const abort = new AbortController();
        const done = (async () => {
          let failure: unknown;
          try {
            await handler(toJob(row), abort.signal);
          } catch (error) {
            failure = error ?? new Error('falhou');
          }
          await finish(row, failure).catch(() => undefined);
          running.delete(row.id);
          void pump();
        })();
        running.set(row.id, { done, abort });
      };

      const pump = async (): Promise<void> => {
        if (pumping) {
          again = true;
          return;
        }
        pumping = true;
        try {
          // A wake-up that arrives while this pass runs (even while it arms the timer) makes
          // another pass: none is lost to the idle wait.
          do {
            again = false;
            while (!stopped && !paused.has(queue) && running.size < options.concurrency) {
              const row = await claim(queue);
              if (!row) break;
              start(row);
            }
            if (!stopped) {
              const at = await nextRunAt(queue);
              const wait = at ? Math.max(5, at.getTime() - Date.now()) : maxIdleMs;
              clearTimeout(timer);
              timer = setTimeout(() => void pump(), Math.min(wait, maxIdleMs));
              timer.unref();
            }
          } while (again && !stopped);
        } finally {
          pumping = false;
        }
      };

      wakers.set(queue, () => void pump());
      void pump();

      const consumer: QueueConsumer = {
        async stop(graceMs = 10_000) {
          stopped = true;
          clearTimeout(timer);
          wakers.delete(queue);
          consumers.delete(consumer);
          const all = [...running.values()];
          const grace = new Promise((resolve) => setTimeout(resolve, graceMs).unref());
          await Promise.race([Promise.all(all.map((r) => r.done)), grace]);
          for (const entry of running.values())
            entry.abort.abort(new Error('Execução interrompida.'));
          await Promise.all([...running.values()].map((r) => r.done));
        },
      };
      consumers.add(consumer);
      return consumer;
    },

    pause(queue) {
      paused.add(queue);
    },
    resume(queue) {
      paused.delete(queue);
      wakers.get(queue)?.();
    },
    isPaused: (queue) => paused.has(queue),

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
      const counts: QueueCounts = { waiting: 0, delayed: 0, active: 0, completed: 0, failed: 0 };
      for (const row of rows) {
        if (row.status === 'waiting' && row.delayed) counts.delayed += Number(row.n);
        else counts[row.status] += Number(row.n);
      }
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
      return { items: rows.map(toJob), total };
    },

    async remove(jobId) {
      const rows = await db
        .delete(queueJobs)
        .where(and(eq(queueJobs.id, jobId), sql`${queueJobs.status} <> 'active'`))
        .returning({ id: queueJobs.id });
      return rows.length > 0;
    },

    async recover() {
      const rows = await db
        .update(queueJobs)
        .set({ status: 'failed', error: 'crashed', finishedAt: new Date() })
        .where(eq(queueJobs.status, 'active'))
        .returning();
      return rows.map(toJob);
    },

    async close() {
      await Promise.all([...consumers].map((consumer) => consumer.stop()));
    },
  };
  return driver;
}
