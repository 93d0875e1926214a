import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { queueJobs } from '../../../db/schema';
import { createWriteBatcher } from '../../../lib/write-batcher';
import type { ExecutionQueueDriver, ExecutionQueueSlot } from './execution-queue-driver';
import { createEmbeddedExecutionAdmin } from './embedded-execution-queue-admin';
import { createExecutionJobClaimer } from './embedded-execution-queue-claim';
import { createEmbeddedExecutionConsumer } from './embedded-execution-queue-consumer';
import {
  limitOf,
  toExecutionJob,
  type EmbeddedExecutionQueueState,
  type ExecutionJobRow,
} from './embedded-execution-queue-rows';
import { storableJson } from '../../../lib/storable-text';

/** The row of a job started from a slot without being written (the caller keeps its record). */
const unwrittenRow = (
  queue: string,
  options: Parameters<ExecutionQueueDriver['reserve']>[1],
  payload: unknown,
): ExecutionJobRow => {
  const now = new Date();
  return {
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
};

/**
 * The embedded driver: jobs are rows of `queue_jobs`, consumed by this process. Workspaces take
 * turns (fewest jobs running first, then least recently served), each giving its oldest
 * runnable job; jobs sharing a concurrency key (a flow with a rate limit) wait while the key
 * is at its limit. One process owns the queue (the embedded database has one owner;
 * with PostgreSQL and several processes, use the Redis driver).
 *
 * Parts: `embedded-execution-queue-claim.ts` (which job next), `embedded-execution-queue-consumer.ts` and
 * `embedded-execution-queue-pump.ts` (running jobs, delays), `embedded-execution-queue-consumer-state.ts` (slots of
 * the fast path), `embedded-execution-queue-admin.ts` (counts, lists, recovery).
 */
export function createEmbeddedExecutionQueueDriver(db: Database): ExecutionQueueDriver {
  const state: EmbeddedExecutionQueueState = {
    paused: new Set(),
    wakers: new Map(),
    locals: new Map(),
    consumers: new Set(),
  };
  const { paused, wakers, locals, consumers } = state;
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
  const claimer = createExecutionJobClaimer(db, locals);

  const driver: ExecutionQueueDriver = {
    async enqueue(queue, options) {
      const now = Date.now();
      const delayMs = Math.max(0, options.delayMs ?? 0);
      const values = {
        id: randomUUID(),
        queue,
        workspaceId: options.workspaceId,
        // NUL or a lone surrogate would fail the insert (and the jobs written with it).
        payload: storableJson(options.payload ?? null),
        concurrencyKey: options.concurrencyKey ?? null,
        concurrencyLimit: limitOf(options),
      };
      // Fast path: nothing runnable waits and a slot is free, so the job is written as active
      // and started here, without the consumer looking for it. A crash still finds the row.
      const slot = delayMs === 0 ? (locals.get(queue)?.reserve(options) ?? null) : null;
      if (slot) {
        let row: ExecutionJobRow | undefined;
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
        return toExecutionJob(row!);
      }
      locals.get(queue)?.countWaiting(1);
      let row: ExecutionJobRow | undefined;
      try {
        row = await insertJob({ ...values, status: 'waiting', runAt: new Date(now + delayMs) });
      } catch (error) {
        locals.get(queue)?.countWaiting(-1);
        throw error;
      }
      wakers.get(queue)?.();
      return toExecutionJob(row!);
    },

    reserve(queue, options): ExecutionQueueSlot | null {
      const slot = locals.get(queue)?.reserve(options) ?? null;
      if (!slot) return null;
      return {
        start: (payload) => slot.start(unwrittenRow(queue, options, payload), false),
        release: () => slot.release(),
      };
    },

    consume: (queue, handler, options) =>
      createEmbeddedExecutionConsumer(
        { db, driver: state, claimer, deleteJob },
        queue,
        handler,
        options,
      ),

    pause(queue) {
      paused.add(queue);
    },
    resume(queue) {
      paused.delete(queue);
      wakers.get(queue)?.();
    },
    isPaused: (queue) => paused.has(queue),

    ...createEmbeddedExecutionAdmin(db, locals),

    async close() {
      await Promise.all([...consumers].map((consumer) => consumer.stop()));
    },
  };
  return driver;
}
