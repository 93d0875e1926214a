import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { messages } from '@ponte/shared/messages';
import type { MessageQueueDriver } from './message-queue-driver';
import {
  createRedisConsumer,
  type RedisConsumer,
  type RedisTimings,
} from './redis-message-consumer';
import { createRedisAdmin } from './redis-message-admin';
import type { JobData, RedisQueue } from './redis-message-jobs';
import { publishMessage } from './redis-message-publish';
import { checkRedisAtStart, connectionOf } from '../../../lib/redis-connection';
import { defineScripts } from './redis-message-scripts';

export interface RedisMessageDriverOptions extends Partial<RedisTimings> {
  url: string;
  /** The prefix of every key (tests use one per run). */
  prefix?: string;
  /** How long `start` waits for Redis to answer (default 10 s). */
  startTimeoutMs?: number;
}

export interface RedisMessageDriver extends MessageQueueDriver {
  /** Tests: the process dies (kill -9). Connections drop, locks are left to run out. */
  abandon(): void;
}

/** PING on a connection that is up; never queued while disconnected (readiness answers now). */
async function pingNow(redis: Redis): Promise<void> {
  if (redis.status !== 'ready') throw new Error(messages.queues.redisUnreachable);
  await redis.ping();
}

/**
 * The BullMQ message driver (docs/adr/0034, "Redis driver"): one BullMQ queue per internal
 * queue (`q-<id>`); the rate, the start grant and the dedup keys are the driver's own keys
 * beside it. Parts: `redis-message-scripts.ts` (the grant, the eviction check),
 * `redis-message-consumer.ts` (the workers), `redis-message-jobs.ts` (states, counts, lists).
 */
export function createRedisMessageDriver(options: RedisMessageDriverOptions): RedisMessageDriver {
  const prefix = options.prefix ?? 'ponte';
  const timings: RedisTimings = {
    lockDurationMs: options.lockDurationMs ?? 30_000,
    stalledIntervalMs: options.stalledIntervalMs ?? 30_000,
  };
  const connection = connectionOf(options.url);
  const redis = new Redis(options.url, { maxRetriesPerRequest: null, lazyConnect: true });
  redis.on('error', () => undefined);
  defineScripts(redis);
  const handles = new Map<string, RedisQueue>();
  const consumers = new Map<RedisConsumer, string>();

  const handleOf = (queueId: string): RedisQueue => {
    const known = handles.get(queueId);
    if (known) return known;
    // Every queue shares the driver's connection; each worker opens its own (blocking reads).
    const queue = new Queue<JobData>(`q-${queueId}`, { connection: redis, prefix });
    queue.on('error', () => undefined);
    const base = `${prefix}:q-${queueId}`;
    const handle: RedisQueue = {
      queueId,
      queue,
      rateKey: `${base}:ponte-rate`,
      nextKey: `${base}:ponte-next`,
      dedupKey: `${base}:ponte-dedup`,
      jobKey: (jobId) => `${base}:${jobId}`,
    };
    handles.set(queueId, handle);
    return handle;
  };

  const admin = createRedisAdmin(redis, handleOf);

  const stopConsumers = async (queueId: string | null, graceMs: number) => {
    const stopping = [...consumers].filter(([, id]) => queueId === null || id === queueId);
    await Promise.all(stopping.map(([consumer]) => consumer.stop(graceMs)));
  };

  const driver: RedisMessageDriver = {
    kind: 'redis',
    async start() {
      await checkRedisAtStart(redis, options.startTimeoutMs);
    },
    ping: () => pingNow(redis),
    async setRate(queueId, maxPerSecond) {
      await redis.set(handleOf(queueId).rateKey, String(Math.max(0, maxPerSecond)));
    },
    async publish(queueId, input) {
      const handle = handleOf(queueId);
      await admin.promoteDue(handle);
      return publishMessage(redis, handle, input);
    },
    consume(queueId, handler, { concurrency }) {
      const consumer = createRedisConsumer(
        redis,
        connection,
        prefix,
        handleOf(queueId),
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
      const handle = handleOf(queueId);
      await stopConsumers(queueId, 0);
      await handle.queue.obliterate({ force: true });
      await redis.del(handle.rateKey, handle.nextKey, handle.dedupKey);
      await handle.queue.close();
      handles.delete(queueId);
    },
    async close() {
      await stopConsumers(null, 0);
      await Promise.all([...handles.values()].map((handle) => handle.queue.close()));
      handles.clear();
      // QUIT waits for a reply: a connection that never opened is just dropped.
      if (redis.status === 'ready') await redis.quit().catch(() => undefined);
      else redis.disconnect();
    },
    abandon() {
      for (const consumer of consumers.keys()) consumer.abandon();
      consumers.clear();
      for (const handle of handles.values()) void handle.queue.close().catch(() => undefined);
      handles.clear();
      redis.disconnect();
    },
  };
  return driver;
}
