import { within } from '../../../lib/within';
import { DelayedError, Job, WaitingError, Worker, type ConnectionOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  HandedBack,
  type ExecutionConsumeOptions,
  type ExecutionJobHandler,
  type ExecutionQueueConsumer,
} from './execution-queue-driver';
import {
  toExecutionJob,
  type BullmqExecutionQueue,
  type ExecutionJobData,
} from './bullmq-execution-queue-jobs';
import {
  grantExecutionStart,
  hasRoom,
  releasePlace,
  renewPlaces,
} from './bullmq-execution-queue-scripts';

export interface BullmqExecutionTimings {
  /** The lock of a running job and the lease of its concurrency place. */
  lockDurationMs: number;
  /** How often a worker looks for jobs whose lock ran out (their process died). */
  stalledIntervalMs: number;
}

export interface BullmqExecutionConsumerDeps {
  redis: Redis;
  connection: ConnectionOptions;
  prefix: string;
  handle: BullmqExecutionQueue;
  timings: BullmqExecutionTimings;
  /** Whether this process holds the queue paused right now. */
  paused(): boolean;
  onStop(): void;
}

export interface BullmqExecutionConsumer extends ExecutionQueueConsumer {
  setPaused(paused: boolean): void;
}

interface Running {
  abort: AbortController;
  holders: string | null;
  jobId: string;
}

/**
 * Puts a parked job back in line: the first parked job of a freed key is promoted. A job still
 * parking (active) goes back to the front of the list: its own look after parking finds the
 * place. A job gone or already promoted gives its turn to the next one.
 */
async function promoteNext(deps: BullmqExecutionConsumerDeps, key: string, first: string | null) {
  const { redis, handle } = deps;
  let next = first;
  for (let tries = 0; next && tries < 20; tries++) {
    const job = await Job.fromId(handle.queue, next);
    const state = job ? await job.getState() : 'unknown';
    if (state === 'delayed') {
      await job!.promote().catch(() => undefined);
      return;
    }
    if (state === 'active') {
      await redis.multi().lpush(handle.parkedKey(key), next).sadd(handle.parkedSetKey, next).exec();
      return;
    }
    next = await releasePlace(redis, handle, key, '');
  }
}

/**
 * Parks a job whose concurrency key is full: delayed by one lease (the safety re-check), and
 * promoted as soon as a place frees. A place freed while it was parking found it still active:
 * it looks once more.
 */
async function park(
  deps: BullmqExecutionConsumerDeps,
  job: Job<ExecutionJobData>,
  token: string | undefined,
) {
  const { redis, handle } = deps;
  const key = job.data.concurrencyKey!;
  await job.moveToDelayed(Date.now() + deps.timings.lockDurationMs, token);
  if (await hasRoom(redis, handle, key, job.data.concurrencyLimit)) {
    await redis
      .multi()
      .lrem(handle.parkedKey(key), 0, job.id!)
      .srem(handle.parkedSetKey, job.id!)
      .exec();
    await job.promote().catch(() => undefined);
  }
}

/** Puts a started job back in the queue at its place, for any process to take. */
async function handBack(
  deps: BullmqExecutionConsumerDeps,
  job: Job<ExecutionJobData>,
  token: string | undefined,
) {
  await job.moveToWait(token);
  // BullMQ puts it back among the prioritized jobs without waking blocked workers.
  await deps.redis.zadd(deps.handle.queue.keys.marker!, 0, '0');
  throw new WaitingError();
}

/** Renews, every third of a lease, the places of the running jobs that hold one. */
function renewEvery(deps: BullmqExecutionConsumerDeps, running: Map<string, Running>) {
  const { lockDurationMs } = deps.timings;
  const timer = setInterval(
    () => {
      const places = [...running.values()].filter((entry) => entry.holders !== null);
      void renewPlaces(
        deps.redis,
        places.map((entry) => ({ holders: entry.holders!, jobId: entry.jobId })),
        lockDurationMs,
      ).catch(() => undefined);
    },
    Math.max(100, Math.floor(lockDurationMs / 3)),
  );
  timer.unref();
  return timer;
}

/** The BullMQ worker of a consumer (its own connections: blocking reads). */
function openWorker(
  deps: BullmqExecutionConsumerDeps,
  processor: (job: Job<ExecutionJobData>, token?: string) => Promise<unknown>,
  options: ExecutionConsumeOptions,
  autorun: boolean,
) {
  const worker = new Worker<ExecutionJobData>(deps.handle.queue.name, processor, {
    connection: deps.connection,
    prefix: deps.prefix,
    concurrency: Math.max(1, options.concurrency),
    autorun,
    lockDuration: deps.timings.lockDurationMs,
    stalledInterval: deps.timings.stalledIntervalMs,
    // A job whose process died is delivered once more (its runner skips an execution already
    // started); one that kills its process twice fails instead of looping.
    maxStalledCount: 1,
    removeOnComplete: options.keepCompleted ? { count: 10_000 } : { count: 0 },
    removeOnFail: { count: 10_000 },
    drainDelay: 1,
  });
  worker.on('error', () => undefined);
  return worker;
}

/**
 * A BullMQ worker over one queue. Each start asks the grant (bullmq-execution-queue-scripts): a job
 * whose concurrency key is full is parked as delayed by one lease (the safety re-check) and
 * promoted as soon as a place of its key frees, by whichever process frees it.
 */
/** How long stopping waits for BullMQ to answer before dropping its connections. */
const closeWaitMs = 2_000;

export function createBullmqExecutionConsumer(
  deps: BullmqExecutionConsumerDeps,
  handler: ExecutionJobHandler,
  options: ExecutionConsumeOptions,
): BullmqExecutionConsumer {
  const { redis, handle, timings } = deps;
  const running = new Map<string, Running>();
  const inflight = new Set<Promise<unknown>>();
  let stopped = false;

  const run = async (job: Job<ExecutionJobData>, token: string | undefined) => {
    if (stopped) return handBack(deps, job, token);
    const { concurrencyKey: key, concurrencyLimit: limit, tag } = job.data;
    const jobId = job.id!;
    const grant = await grantExecutionStart(redis, handle, {
      jobId,
      tag,
      concurrencyKey: key,
      limit,
      leaseMs: timings.lockDurationMs,
    });
    if (!grant.granted) {
      await park(deps, job, token);
      throw new DelayedError();
    }
    const abort = new AbortController();
    running.set(jobId, { abort, holders: key && limit > 0 ? handle.holdersKey(key) : null, jobId });
    let failure: unknown;
    try {
      const started = toExecutionJob(handle.name, job, 'active', {
        attempts: grant.attempts,
        startedAt: new Date(),
      });
      await handler(started, abort.signal);
    } catch (error) {
      failure = error ?? new Error('falhou');
    } finally {
      running.delete(jobId);
    }
    if (key && limit > 0) {
      const next = await releasePlace(redis, handle, key, jobId).catch(() => null);
      await promoteNext(deps, key, next).catch(() => undefined);
    }
    if (abort.signal.reason instanceof HandedBack) return handBack(deps, job, token);
    if (failure !== undefined)
      throw failure instanceof Error ? failure : new Error(String(failure));
  };

  const processor = async (job: Job<ExecutionJobData>, token?: string) => {
    const done = run(job, token);
    inflight.add(done);
    try {
      return await done;
    } finally {
      inflight.delete(done);
    }
  };

  const autorun = !deps.paused();
  let runStarted = autorun;
  const worker = openWorker(deps, processor, options, autorun);

  // The places of running jobs are renewed while they run; a dead process's run out.
  const renewal = renewEvery(deps, running);

  return {
    setPaused(paused) {
      if (stopped) return;
      if (paused) {
        if (runStarted) void worker.pause(true).catch(() => undefined);
      } else if (!runStarted) {
        runStarted = true;
        void worker.run().catch(() => undefined);
      } else worker.resume();
    },

    async stop(graceMs = 10_000, stopOptions = {}) {
      if (stopped) return;
      stopped = true;
      deps.onStop();
      // With Redis away, BullMQ's pause and close would wait for it forever: both are bounded.
      // Redis away (the driver's connection is down): nothing to wait for.
      const wait = deps.redis.status === 'ready' ? closeWaitMs : 0;
      if (runStarted) await within(worker.pause(true), wait);
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise((resolve) => (timer = setTimeout(resolve, graceMs)));
      await Promise.race([Promise.all([...inflight]), grace]);
      clearTimeout(timer);
      for (const entry of running.values()) {
        entry.abort.abort(
          stopOptions.handBack ? new HandedBack() : new Error('Execução interrompida.'),
        );
      }
      await Promise.allSettled([...inflight]);
      clearInterval(renewal);
      if (!(await within(worker.close(), closeWaitMs)))
        void worker.disconnect().catch(() => undefined);
    },
  };
}
