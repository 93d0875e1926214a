import { within } from '../../../lib/within';
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import {
  checkEvictionPolicy,
  connectionOf,
  ensureReady,
  readEvictionPolicy,
  requestConnection,
  untilReady,
} from '../../../lib/redis-connection';
import type { ExecutionQueueDriver } from './execution-queue-driver';
import { createBullmqExecutionAdmin } from './bullmq-execution-queue-admin';
import {
  createBullmqExecutionConsumer,
  type BullmqExecutionConsumer,
  type BullmqExecutionTimings,
} from './bullmq-execution-queue-consumer';
import {
  bullName,
  executionJobIdOf,
  toExecutionJob,
  type BullmqExecutionQueue,
  type ExecutionJobData,
} from './bullmq-execution-queue-jobs';
import { defineExecutionScripts, tagExecutionJob } from './bullmq-execution-queue-scripts';

export interface BullmqExecutionQueueDriverOptions {
  url: string;
  /** The prefix of every key (the cluster's PONTE_REDIS_PREFIX; tests use one per run). */
  prefix: string;
  /** The lock of a running job and the lease of its concurrency place (default 30 s). */
  lockDurationMs?: number;
  /** How often workers look for jobs whose process died (default 30 s). */
  stalledIntervalMs?: number;
  /** How long `start` waits for Redis to answer (default 10 s). */
  startTimeoutMs?: number;
  /** How long an enqueue waits for Redis's answer before it fails (default 5 s). */
  commandTimeoutMs?: number;
}

export interface BullmqExecutionQueueDriver extends ExecutionQueueDriver {
  /** Checks that Redis answers and never evicts (else a pt-BR error); connects if needed. */
  start(): Promise<void>;
}

/**
 * The queue `name` on Redis, opened once per connection. A queue whose first contact with Redis
 * failed stays failed in BullMQ: it is forgotten, and the next call opens another.
 */
function handleFor(
  handles: Map<string, BullmqExecutionQueue>,
  redis: Redis,
  prefix: string,
  name: string,
): BullmqExecutionQueue {
  const known = handles.get(name);
  if (known) return known;
  // Every queue shares the connection; each worker opens its own (blocking reads).
  const queue = new Queue<ExecutionJobData>(bullName(name), { connection: redis, prefix });
  queue.on('error', () => undefined);
  queue.waitUntilReady().catch(() => {
    if (handles.get(name)?.queue === queue) handles.delete(name);
    void queue.close().catch(() => undefined);
  });
  const base = `${prefix}:${bullName(name)}`;
  const handle: BullmqExecutionQueue = {
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

/** The consumers' lock and stalled-check periods (30 s each unless given). */
const timingsOf = (options: BullmqExecutionQueueDriverOptions): BullmqExecutionTimings => ({
  lockDurationMs: options.lockDurationMs ?? 30_000,
  stalledIntervalMs: options.stalledIntervalMs ?? 30_000,
});

/**
 * The BullMQ execution driver (docs/adr/0064): one BullMQ queue per queue name, shared by
 * every process on the same Redis and prefix. Workspaces share a queue fairly (start-time fair
 * queuing over BullMQ priorities); a concurrency key holds its limit across processes through
 * leased places. Parts: `bullmq-execution-queue-scripts.ts` (the Lua steps), `bullmq-execution-queue-consumer.ts`
 * (workers, parking, hand back), `bullmq-execution-queue-admin.ts` (counts, lists, removal),
 * `bullmq-execution-queue-jobs.ts` (names and shapes).
 *
 * Enqueues and reads go over a connection that fails at once while Redis is away (a webhook
 * answers 503 rather than hang) and keeps reconnecting; the consumers over one that waits for
 * Redis (docs/adr/0072).
 */
export function createBullmqExecutionQueueDriver(
  options: BullmqExecutionQueueDriverOptions,
): BullmqExecutionQueueDriver {
  const { prefix } = options;
  const timings = timingsOf(options);
  const connection = connectionOf(options.url);
  const requests = requestConnection(options.url, {
    ...(options.commandTimeoutMs ? { commandTimeoutMs: options.commandTimeoutMs } : {}),
  });
  const redis = new Redis(options.url, { maxRetriesPerRequest: null, lazyConnect: true });
  redis.on('error', () => undefined);
  defineExecutionScripts(requests);
  defineExecutionScripts(redis);
  const consumers = new Map<BullmqExecutionConsumer, string>();
  const paused = new Set<string>();

  const handles = new Map<string, BullmqExecutionQueue>();
  const workHandles = new Map<string, BullmqExecutionQueue>();
  /** An enqueue's or a read's handle: none while Redis is away (the caller fails at once). */
  const handleOf = async (name: string) => {
    await ensureReady(requests);
    return handleFor(handles, requests, prefix, name);
  };
  const workHandleOf = (name: string) => handleFor(workHandles, redis, prefix, name);

  const forConsumers = (name: string, each: (consumer: BullmqExecutionConsumer) => void) => {
    for (const [consumer, queue] of consumers) if (queue === name) each(consumer);
  };

  const driver: BullmqExecutionQueueDriver = {
    async start() {
      await untilReady(requests, options.startTimeoutMs);
      checkEvictionPolicy(await readEvictionPolicy(requests));
    },

    async enqueue(name, input) {
      const handle = await handleOf(name);
      const delayMs = Math.max(0, Math.floor(input.delayMs ?? 0));
      const limit = Math.max(0, Math.floor(input.concurrencyLimit ?? 0));
      const tag = await tagExecutionJob(requests, handle, input.workspaceId);
      const data: ExecutionJobData = {
        workspaceId: input.workspaceId,
        payload: input.payload ?? null,
        concurrencyKey: limit > 0 ? (input.concurrencyKey ?? null) : null,
        concurrencyLimit: limit,
        delayMs,
        tag,
      };
      const job = await handle.queue.add('execution', data, {
        jobId: executionJobIdOf(name, randomUUID()),
        priority: tag,
        delay: delayMs > 0 ? delayMs : undefined,
      });
      return toExecutionJob(name, job, 'waiting');
    },

    // No fast path: every job goes through Redis, where any process may take it.
    reserve: () => null,

    consume(name, handler, consumeOptions) {
      const consumer = createBullmqExecutionConsumer(
        {
          redis,
          connection,
          prefix,
          handle: workHandleOf(name),
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

    ...createBullmqExecutionAdmin(requests, handleOf),

    async close() {
      await Promise.all([...consumers.keys()].map((consumer) => consumer.stop(0)));
      for (const [known, client] of [
        [handles, requests],
        [workHandles, redis],
      ] as const) {
        await Promise.all(
          [...known.values()].map((handle) =>
            within(handle.queue.close(), client.status === 'ready' ? 2_000 : 0),
          ),
        );
        known.clear();
      }
      // QUIT waits for a reply: a connection that is not up is just dropped.
      for (const client of [requests, redis]) {
        if (client.status === 'ready') await client.quit().catch(() => undefined);
        else client.disconnect();
      }
    },
  };
  return driver;
}
