import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { messages } from '@ponte/shared/messages';
import type { MessageQueueDriver } from './message-queue-driver';
import { ledgerEntryOf, type MessageLedgerStore } from './message-ledger';
import {
  createRedisMessageConsumer,
  type RedisMessageConsumer,
  type RedisMessageTimings,
} from './redis-message-consumer';
import { createRedisMessageAdmin } from './redis-message-admin';
import type { MessageJobData, RedisMessageQueue } from './redis-message-jobs';
import { createRedisLedgerStore } from './redis-message-ledger';
import {
  checkEvictionPolicy,
  connectionOf,
  ensureReady,
  readEvictionPolicy,
  requestConnection,
  untilReady,
} from '../../../lib/redis-connection';
import { defineMessageScripts } from './redis-message-scripts';
import { within } from '../../../lib/within';

export interface RedisMessageDriverOptions extends Partial<RedisMessageTimings> {
  url: string;
  /** The prefix of every key (tests use one per run). */
  prefix?: string;
  /** How long `start` waits for Redis to answer (default 10 s). */
  startTimeoutMs?: number;
  /** How long a request's command waits for Redis's answer (default 5 s). */
  commandTimeoutMs?: number;
}

export interface RedisMessageDriver extends MessageQueueDriver {
  /** What the ledger of the messages asks of Redis (docs/adr/0072). */
  readonly ledgerStore: MessageLedgerStore;
  /** Tests: the process dies (kill -9). Connections drop, locks are left to run out. */
  abandon(): void;
}

/** Whether `driver` keeps its messages where they may be lost (Redis), with the ledger's part. */
export function hasLedgerStore(
  driver: MessageQueueDriver,
): driver is MessageQueueDriver & { ledgerStore: MessageLedgerStore } {
  return 'ledgerStore' in driver;
}

/** PING on a connection that is up; never queued while disconnected (readiness answers now). */
async function pingNow(redis: Redis): Promise<void> {
  if (redis.status !== 'ready') throw new Error(messages.queues.redisUnreachable);
  await redis.ping();
}

/**
 * The queue's BullMQ queue over `redis`, kept in `known`. A queue whose first contact with Redis
 * failed stays failed in BullMQ: it is forgotten, and the next call opens another.
 */
function openHandle(
  redis: Redis,
  known: Map<string, RedisMessageQueue>,
  prefix: string,
  queueId: string,
): RedisMessageQueue {
  // Every queue shares the connection; each worker opens its own (blocking reads).
  const queue = new Queue<MessageJobData>(`q-${queueId}`, { connection: redis, prefix });
  queue.on('error', () => undefined);
  queue.waitUntilReady().catch(() => {
    if (known.get(queueId)?.queue === queue) known.delete(queueId);
    void queue.close().catch(() => undefined);
  });
  const base = `${prefix}:q-${queueId}`;
  const handle: RedisMessageQueue = {
    queueId,
    queue,
    rateKey: `${base}:ponte-rate`,
    nextKey: `${base}:ponte-next`,
    dedupKey: `${base}:ponte-dedup`,
    jobKey: (jobId) => `${base}:${jobId}`,
  };
  known.set(queueId, handle);
  return handle;
}

/**
 * The BullMQ message driver (docs/adr/0034, "Redis driver"): one BullMQ queue per internal
 * queue (`q-<id>`); the rate, the start grant and the dedup keys are the driver's own keys
 * beside it. Parts: `redis-message-scripts.ts` (the grant, the eviction check),
 * `redis-message-consumer.ts` (the workers), `redis-message-jobs.ts` (states, counts, lists),
 * `redis-message-ledger.ts` (the ledger's side).
 *
 * Two connections (docs/adr/0072): what requests ask (publish, pause, lists…) goes over one that
 * fails at once while Redis is away and keeps reconnecting; the consumers' work goes over one
 * that waits for Redis, so a message is never failed because Redis blinked.
 */
export function createRedisMessageDriver(options: RedisMessageDriverOptions): RedisMessageDriver {
  const prefix = options.prefix ?? 'ponte';
  const timings: RedisMessageTimings = {
    lockDurationMs: options.lockDurationMs ?? 30_000,
    stalledIntervalMs: options.stalledIntervalMs ?? 30_000,
  };
  const connection = connectionOf(options.url);
  const requests = requestConnection(options.url, {
    ...(options.commandTimeoutMs ? { commandTimeoutMs: options.commandTimeoutMs } : {}),
  });
  const work = new Redis(options.url, { maxRetriesPerRequest: null, lazyConnect: true });
  work.on('error', () => undefined);
  defineMessageScripts(requests);
  defineMessageScripts(work);
  const handles = new Map<string, RedisMessageQueue>();
  const workHandles = new Map<string, RedisMessageQueue>();
  const consumers = new Map<RedisMessageConsumer, string>();

  /** A request's handle: none while Redis is away (the request answers 503 at once). */
  const handleOf = async (queueId: string): Promise<RedisMessageQueue> => {
    await ensureReady(requests);
    return handles.get(queueId) ?? openHandle(requests, handles, prefix, queueId);
  };
  const workHandleOf = (queueId: string): RedisMessageQueue =>
    workHandles.get(queueId) ?? openHandle(work, workHandles, prefix, queueId);

  const admin = createRedisMessageAdmin(requests, handleOf);
  const ledgerStore = createRedisLedgerStore(requests, prefix, handleOf, admin.promoteDue);

  const stopConsumers = async (queueId: string | null, graceMs: number) => {
    const stopping = [...consumers].filter(([, id]) => queueId === null || id === queueId);
    await Promise.all(stopping.map(([consumer]) => consumer.stop(graceMs)));
  };
  /** A queue still waiting for a Redis that went away is not waited for. */
  const closeHandles = async (known: Map<string, RedisMessageQueue>) => {
    await Promise.all([...known.values()].map((handle) => within(handle.queue.close(), 2_000)));
    known.clear();
  };

  const driver: RedisMessageDriver = {
    kind: 'redis',
    ledgerStore,
    async start() {
      await untilReady(requests, options.startTimeoutMs);
      checkEvictionPolicy(await readEvictionPolicy(requests));
    },
    ping: () => pingNow(requests),
    async setRate(queueId, maxPerSecond) {
      await requests.set((await handleOf(queueId)).rateKey, String(Math.max(0, maxPerSecond)));
    },
    publish: (queueId, input) =>
      ledgerStore.publishAs(ledgerEntryOf(queueId, randomUUID(), input, new Date())),
    consume(queueId, handler, { concurrency }) {
      const consumer = createRedisMessageConsumer(
        work,
        connection,
        prefix,
        workHandleOf(queueId),
        handler,
        Math.max(1, concurrency),
        timings,
        () => consumers.delete(consumer),
      );
      consumers.set(consumer, queueId);
      return consumer;
    },
    ...admin,
    async drop(queueId) {
      const handle = await handleOf(queueId);
      await stopConsumers(queueId, 0);
      await handle.queue.obliterate({ force: true });
      await requests.del(handle.rateKey, handle.nextKey, handle.dedupKey);
      await handle.queue.close();
      handles.delete(queueId);
      await workHandles.get(queueId)?.queue.close();
      workHandles.delete(queueId);
    },
    async close() {
      await stopConsumers(null, 0);
      await closeHandles(handles);
      await closeHandles(workHandles);
      // QUIT waits for a reply: a connection that is not up is just dropped.
      for (const redis of [requests, work]) {
        if (redis.status === 'ready') await redis.quit().catch(() => undefined);
        else redis.disconnect();
      }
    },
    abandon() {
      for (const consumer of consumers.keys()) consumer.abandon();
      consumers.clear();
      for (const known of [handles, workHandles]) {
        for (const handle of known.values()) void handle.queue.close().catch(() => undefined);
        known.clear();
      }
      requests.disconnect();
      work.disconnect();
    },
  };
  return driver;
}
