import { within } from '../../lib/within';
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { checkRedisAtStart, connectionOf } from '../../lib/redis-connection';
import type { QueueDriver } from './queue-driver';
import { createBullmqAdmin } from './bullmq-queue-admin';
import {
  createBullmqConsumer,
  type BullmqConsumer,
  type BullmqTimings,
} from './bullmq-queue-consumer';
import { bullName, jobIdOf, toJob, type ExecutionQueue, type JobData } from './bullmq-queue-jobs';
import { defineExecutionScripts, tagJob } from './bullmq-queue-scripts';

export interface BullmqQueueDriverOptions {
  url: string;
  /** The prefix of every key (the cluster's PONTE_REDIS_PREFIX; tests use one per run). */
  prefix: string;
  /** The lock of a running job and the lease of its concurrency place (default 30 s). */
  lockDurationMs?: number;
  /** How often workers look for jobs whose process died (default 30 s). */
  stalledIntervalMs?: number;
  /** How long `start` waits for Redis to answer (default 10 s). */
  startTimeoutMs?: number;
}

export interface BullmqQueueDriver extends QueueDriver {
  /** Checks that Redis answers and never evicts (else a pt-BR error); connects if needed. */
  start(): Promise<void>;
}

/** The queue `name` on Redis, opened once per driver over the driver's connection. */
function handleFor(
  handles: Map<string, ExecutionQueue>,
  redis: Redis,
  prefix: string,
  name: string,
): ExecutionQueue {
  const known = handles.get(name);
  if (known) return known;
  // Every queue shares the driver's connection; each worker opens its own (blocking reads).
  const queue = new Queue<JobData>(bullName(name), { connection: redis, prefix });
  queue.on('error', () => undefined);
  const base = `${prefix}:${bullName(name)}`;
  const handle: ExecutionQueue = {
    name,
    queue,
    vtKey: `${base}:ponte-vt`,
    tagsKey: `${base}:ponte-tags`,
    parkedSetKey: `${base}:ponte-parked`,
    holdersKey: (key) => `${base}:ponte-places:${key}`,
    parkedKey: (key) => `${base}:ponte-parked:${key}`,
    jobKey: (jobId) => `${base}:${jobId}`,
  };
  handles.set(name, handle);
  return handle;
}

/**
 * The BullMQ execution driver (docs/adr/0064): one BullMQ queue per queue name, shared by
 * every process on the same Redis and prefix. Workspaces share a queue fairly (start-time fair
 * queuing over BullMQ priorities); a concurrency key holds its limit across processes through
 * leased places. Parts: `bullmq-queue-scripts.ts` (the Lua steps), `bullmq-queue-consumer.ts`
 * (workers, parking, hand back), `bullmq-queue-admin.ts` (counts, lists, removal),
 * `bullmq-queue-jobs.ts` (names and shapes).
 */
export function createBullmqQueueDriver(options: BullmqQueueDriverOptions): BullmqQueueDriver {
  const { prefix } = options;
  const timings: BullmqTimings = {
    lockDurationMs: options.lockDurationMs ?? 30_000,
    stalledIntervalMs: options.stalledIntervalMs ?? 30_000,
  };
  const connection = connectionOf(options.url);
  const redis = new Redis(options.url, { maxRetriesPerRequest: null, lazyConnect: true });
  redis.on('error', () => undefined);
  defineExecutionScripts(redis);
  const consumers = new Map<BullmqConsumer, string>();
  const paused = new Set<string>();

  const handles = new Map<string, ExecutionQueue>();
  const handleOf = (name: string) => handleFor(handles, redis, prefix, name);

  const forConsumers = (name: string, each: (consumer: BullmqConsumer) => void) => {
    for (const [consumer, queue] of consumers) if (queue === name) each(consumer);
  };

  const driver: BullmqQueueDriver = {
    async start() {
      await checkRedisAtStart(redis, options.startTimeoutMs);
    },

    async enqueue(name, input) {
      const handle = handleOf(name);
      const delayMs = Math.max(0, Math.floor(input.delayMs ?? 0));
      const limit = Math.max(0, Math.floor(input.concurrencyLimit ?? 0));
      const tag = await tagJob(redis, handle, input.workspaceId);
      const data: JobData = {
        workspaceId: input.workspaceId,
        payload: input.payload ?? null,
        concurrencyKey: limit > 0 ? (input.concurrencyKey ?? null) : null,
        concurrencyLimit: limit,
        delayMs,
        tag,
      };
      const job = await handle.queue.add('execution', data, {
        jobId: jobIdOf(name, randomUUID()),
        priority: tag,
        delay: delayMs > 0 ? delayMs : undefined,
      });
      return toJob(name, job, 'waiting');
    },

    // No fast path: every job goes through Redis, where any process may take it.
    reserve: () => null,

    consume(name, handler, consumeOptions) {
      const consumer = createBullmqConsumer(
        {
          redis,
          connection,
          prefix,
          handle: handleOf(name),
          timings,
          paused: () => paused.has(name),
          onStop: () => consumers.delete(consumer),
        },
        handler,
        consumeOptions,
      );
      consumers.set(consumer, name);
      return consumer;
    },

    // Pausing is this process's: its consumers stop taking jobs (others go on), as embedded.
    pause(name) {
      paused.add(name);
      forConsumers(name, (consumer) => consumer.setPaused(true));
    },
    resume(name) {
      paused.delete(name);
      forConsumers(name, (consumer) => consumer.setPaused(false));
    },
    isPaused: (name) => paused.has(name),

    ...createBullmqAdmin(redis, handleOf),

    async close() {
      await Promise.all([...consumers.keys()].map((consumer) => consumer.stop(0)));
      await Promise.all(
        [...handles.values()].map((handle) =>
          within(handle.queue.close(), redis.status === 'ready' ? 2_000 : 0),
        ),
      );
      handles.clear();
      // QUIT waits for a reply: a connection that never opened is just dropped.
      if (redis.status === 'ready') await redis.quit().catch(() => undefined);
      else redis.disconnect();
    },
  };
  return driver;
}
