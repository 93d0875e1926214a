import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gt, inArray, min, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queueJobs } from '../../db/schema';
import { pageOffset } from '../../lib/list-query';
import { createWriteBatcher } from '../../lib/write-batcher';
import type {
  ConsumeOptions,
  EnqueueOptions,
  JobHandler,
  QueueConsumer,
  QueueCounts,
  QueueDriver,
  QueueJob,
  QueueSlot,
} from './queue-driver';

type Row = typeof queueJobs.$inferSelect;

/**
 * A slot taken in a consumer for a job that starts now: its row is written as already active,
 * or not written at all (`written` false: the caller keeps its own record).
 */
interface Slot {
  start(row: Row, written: boolean): void;
  release(): void;
}

interface LocalConsumer {
  /** A free slot when no job waits in the table and this one may start now; otherwise null. */
  reserve(options: Omit<EnqueueOptions, 'payload' | 'delayMs'>): Slot | null;
  /** Follows the number of waiting rows of the queue: +1 written, -1 taken or removed. */
  countWaiting(by: number): void;
  /** Jobs running from a slot without a row (the table does not count them). */
  unwritten(): Row[];
}

/** The concurrency limit as stored: a whole number, 0 for none. */
const limitOf = (options: { concurrencyLimit?: number }) =>
  Math.max(0, Math.trunc(options.concurrencyLimit ?? 0));

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
  // Group commit of the two writes every job makes: concurrent jobs share one statement.
  const insertJob = createWriteBatcher(async (rows: (typeof queueJobs.$inferInsert)[]) => {
    const written = await db.insert(queueJobs).values(rows).returning();
    const byId = new Map(written.map((row) => [row.id, row]));
    return rows.map((row) => byId.get(row.id!)!);
  });
  const deleteJob = createWriteBatcher(async (ids: string[]) => {
    await db.delete(queueJobs).where(inArray(queueJobs.id, ids));
    return ids.map(() => undefined);
  });
  /** This process's consumer of each queue, for jobs it can start the moment they arrive. */
  const locals = new Map<string, LocalConsumer>();

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

  /**
   * The next job: workspaces with fewer jobs running go first, then the one served least
   * recently, so one workspace's flood never starves another's.
   */
  const claim = async (queue: string, at: Date): Promise<Row | null> => {
    const lastServed = served.get(queue) ?? new Map<string, number>();
    served.set(queue, lastServed);
    const unwrittenByKey: Record<string, number> = {};
    const unwrittenByWorkspace = new Map<string, number>();
    for (const job of locals.get(queue)?.unwritten() ?? []) {
      if (job.concurrencyKey)
        unwrittenByKey[job.concurrencyKey] = (unwrittenByKey[job.concurrencyKey] ?? 0) + 1;
      unwrittenByWorkspace.set(
        job.workspaceId,
        (unwrittenByWorkspace.get(job.workspaceId) ?? 0) + 1,
      );
    }
    const running = (workspaceId: string, active: string | number) =>
      Number(active) + (unwrittenByWorkspace.get(workspaceId) ?? 0);
    const order = (await candidates(queue, at)).sort(
      (a, b) =>
        running(a.workspace_id, a.active) - running(b.workspace_id, b.active) ||
        (lastServed.get(a.workspace_id) ?? -1) - (lastServed.get(b.workspace_id) ?? -1),
    );
    for (const { workspace_id } of order) {
      const id = await claimFrom(queue, workspace_id, at, unwrittenByKey);
      if (!id) continue;
      lastServed.set(workspace_id, ++turn);
      const [row] = await db.select().from(queueJobs).where(eq(queueJobs.id, id));
      if (row) return row;
    }
    return null;
  };

  /** The earliest job that was not yet due when the look at `after` was taken. */
  const nextRunAt = async (queue: string, after: Date): Promise<Date | null> => {
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
  };

  const driver: QueueDriver = {
    async enqueue(queue, options) {
      const now = Date.now();
      const delayMs = Math.max(0, options.delayMs ?? 0);
      const values = {
        id: randomUUID(),
        queue,
        workspaceId: options.workspaceId,
        payload: options.payload ?? null,
        concurrencyKey: options.concurrencyKey ?? null,
        concurrencyLimit: limitOf(options),
      };
      // Fast path: nothing runnable waits and a slot is free, so the job is written as active
      // and started here, without the consumer looking for it. A crash still finds the row.
      const slot = delayMs === 0 ? (locals.get(queue)?.reserve(options) ?? null) : null;
      if (slot) {
        let row: Row | undefined;
        try {
          row = await insertJob({
            ...values,
            status: 'active',
            runAt: new Date(now),
            startedAt: new Date(now),
            attempts: 1,
          });
        } catch (error) {
          slot.release();
          throw error;
        }
        slot.start(row!, true);
        return toJob(row!);
      }
      locals.get(queue)?.countWaiting(1);
      let row: Row | undefined;
      try {
        row = await insertJob({ ...values, status: 'waiting', runAt: new Date(now + delayMs) });
      } catch (error) {
        locals.get(queue)?.countWaiting(-1);
        throw error;
      }
      wakers.get(queue)?.();
      return toJob(row!);
    },

    reserve(queue, options): QueueSlot | null {
      const slot = locals.get(queue)?.reserve(options) ?? null;
      if (!slot) return null;
      return {
        start(payload) {
          const now = new Date();
          const row: Row = {
            id: randomUUID(),
            seq: 0,
            queue,
            workspaceId: options.workspaceId,
            payload: payload ?? null,
            status: 'active',
            attempts: 1,
            runAt: now,
            createdAt: now,
            startedAt: now,
            finishedAt: null,
            error: null,
            concurrencyKey: options.concurrencyKey ?? null,
            concurrencyLimit: limitOf(options),
          };
          slot.start(row, false);
        },
        release: () => slot.release(),
      };
    },

    consume(queue, handler: JobHandler, options: ConsumeOptions) {
      const running = new Map<string, { done: Promise<void>; abort: AbortController }>();
      /** Jobs running per concurrency key (this process owns the queue). */
      const activeByKey = new Map<string, number>();
      /** Slots taken by the fast path whose row is being written. */
      let reserved = 0;
      /**
       * Waiting rows of the queue (delayed ones included). Unknown until counted at start; while
       * any wait, new jobs queue behind them instead of taking the fast path.
       */
      let waiting = Number.POSITIVE_INFINITY;
      /** Waiting rows written or removed after the start count was asked for. */
      let countedLate = 0;
      let stopped = false;
      let pumping = false;
      let again = false;
      let timer: NodeJS.Timeout | undefined;

      /** Jobs started from a slot without a row: nothing to update when they end. */
      const unwritten = new Map<string, Row>();

      const finish = async (job: Row, error: unknown) => {
        if (unwritten.delete(job.id)) return;
        const failed = error !== undefined;
        if (!failed && !options.keepCompleted) {
          await deleteJob(job.id);
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

      const countKey = (key: string | null, by: number) => {
        if (!key) return;
        const next = (activeByKey.get(key) ?? 0) + by;
        if (next > 0) activeByKey.set(key, next);
        else activeByKey.delete(key);
      };

      const start = (row: Row, counted = false) => {
        if (!counted) countKey(row.concurrencyKey, 1);
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
          countKey(row.concurrencyKey, -1);
          if (waiting > 0) void pump();
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
            // One clock for the whole look: a job that falls due during it is found by
            // nextRunAt and gets a look of its own at once.
            const lookedAt = new Date();
            while (
              !stopped &&
              !paused.has(queue) &&
              running.size + reserved < options.concurrency
            ) {
              const row = await claim(queue, lookedAt);
              if (!row) break;
              waiting = Math.max(0, waiting - 1);
              start(row);
            }
            if (!stopped) {
              const at = await nextRunAt(queue, lookedAt);
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
      locals.set(queue, {
        reserve(enqueued) {
          if (stopped || waiting > 0 || paused.has(queue)) return null;
          if (running.size + reserved >= options.concurrency) return null;
          const key = enqueued.concurrencyKey ?? null;
          const limit = limitOf(enqueued);
          if (key && limit > 0 && (activeByKey.get(key) ?? 0) >= limit) return null;
          reserved++;
          countKey(key, 1);
          return {
            start(row, written) {
              reserved--;
              if (!written) unwritten.set(row.id, row);
              start(row, true);
            },
            release() {
              reserved--;
              countKey(key, -1);
            },
          };
        },
        unwritten: () => [...unwritten.values()],
        countWaiting(by) {
          if (waiting === Number.POSITIVE_INFINITY) countedLate += by;
          else waiting = Math.max(0, waiting + by);
        },
      });
      // Asked right after this consumer is registered: rows written before are in the count,
      // rows written after are in `countedLate` (the embedded database runs statements in the
      // order they are sent).
      void (async () => {
        const [row] = await db
          .select({ n: count() })
          .from(queueJobs)
          .where(and(eq(queueJobs.queue, queue), eq(queueJobs.status, 'waiting')));
        waiting = Math.max(0, Number(row?.n ?? 0) + countedLate);
        await pump();
      })().catch(() => undefined);

      const consumer: QueueConsumer = {
        async stop(graceMs = 10_000) {
          stopped = true;
          clearTimeout(timer);
          wakers.delete(queue);
          locals.delete(queue);
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
      return { items: rows.map(toJob), total };
    },

    async remove(jobId) {
      const rows = await db
        .delete(queueJobs)
        .where(and(eq(queueJobs.id, jobId), eq(queueJobs.status, 'waiting')))
        .returning({ queue: queueJobs.queue });
      if (rows[0]) locals.get(rows[0].queue)?.countWaiting(-1);
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
