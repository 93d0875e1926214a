import { randomUUID } from 'node:crypto';
import { Queue, type ConnectionOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { limits } from '@ponte/shared/limits';
import { DuplicateMessageError, type MessageQueueDriver } from './message-queue-driver';
import {
  createRedisConsumer,
  type RedisConsumer,
  type RedisTimings,
} from './redis-message-consumer';
import {
  contractState,
  countsOf,
  listJobs,
  toMessage,
  type JobData,
  type RedisQueue,
} from './redis-message-jobs';
import { checkEvictionPolicy, defineScripts, readEvictionPolicy } from './redis-message-scripts';

export interface RedisMessageDriverOptions extends Partial<RedisTimings> {
  url: string;
  /** The prefix of every key (tests use one per run). */
  prefix?: string;
}

export interface RedisMessageDriver extends MessageQueueDriver {
  /** Tests: the process dies (kill -9). Connections drop, locks are left to run out. */
  abandon(): void;
}

/** The connection settings of a redis:// or rediss:// URL, for BullMQ's own connections. */
function connectionOf(url: string): ConnectionOptions {
  const parsed = new URL(url);
  return {
    host: parsed.hostname || '127.0.0.1',
    port: Number(parsed.port || 6379),
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: Number(parsed.pathname.slice(1) || 0),
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
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
  const redis = new Redis(options.url, { maxRetriesPerRequest: null });
  redis.on('error', () => undefined);
  defineScripts(redis);
  const handles = new Map<string, RedisQueue>();
  const consumers = new Map<RedisConsumer, string>();

  const handleOf = (queueId: string): RedisQueue => {
    const known = handles.get(queueId);
    if (known) return known;
    const queue = new Queue<JobData>(`q-${queueId}`, { connection, prefix });
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

  /** Due delayed messages take their place in the line now, before anything reads or adds. */
  const promoteDue = async (handle: RedisQueue) => {
    const due = await redis.zrangebyscore(
      handle.queue.keys.delayed!,
      '-inf',
      Date.now() * 0x1000 + 0xfff,
    );
    for (const jobId of due) {
      const job = await handle.queue.getJob(jobId);
      await job?.promote().catch(() => undefined);
    }
  };

  const releaseDedup = async (handle: RedisQueue, dedupKey: string | null, jobId: string) => {
    if (dedupKey) await redis.ponteRelease(handle.dedupKey, dedupKey, jobId);
  };

  /** Frees the dedup keys whose message is gone (cleaned or removed). */
  const pruneDedup = async (handle: RedisQueue) => {
    const taken = await redis.hgetall(handle.dedupKey);
    for (const [key, jobId] of Object.entries(taken)) {
      if (!(await redis.exists(handle.jobKey(jobId))))
        await redis.ponteRelease(handle.dedupKey, key, jobId);
    }
  };

  const stopConsumers = async (queueId: string | null, graceMs: number) => {
    const stopping = [...consumers].filter(([, id]) => queueId === null || id === queueId);
    await Promise.all(stopping.map(([consumer]) => consumer.stop(graceMs)));
  };

  const driver: RedisMessageDriver = {
    kind: 'redis',
    async start() {
      checkEvictionPolicy(await readEvictionPolicy(redis));
    },
    async setRate(queueId, maxPerSecond) {
      await redis.set(handleOf(queueId).rateKey, String(Math.max(0, maxPerSecond)));
    },
    async publish(queueId, input) {
      const handle = handleOf(queueId);
      const id = randomUUID();
      const dedupKey = input.dedupKey ?? null;
      if (dedupKey && !(await redis.hsetnx(handle.dedupKey, dedupKey, id))) {
        const holder = await redis.hget(handle.dedupKey, dedupKey);
        const state = holder ? await handle.queue.getJobState(holder) : 'unknown';
        if (['waiting', 'paused', 'delayed', 'prioritized', 'wait'].includes(state)) {
          throw new DuplicateMessageError(dedupKey);
        }
        // The holder started or went without freeing its key (a crash): the key is free.
        await redis.hset(handle.dedupKey, dedupKey, id);
      }
      const delayMs = Math.max(0, Math.round(input.delayMs ?? 0));
      await promoteDue(handle);
      try {
        const job = await handle.queue.add(
          'mensagem',
          {
            message: input.message ?? null,
            publisher: input.publisher,
            workspaceId: input.workspaceId,
            dedupKey,
            delayMs,
          },
          {
            jobId: id,
            delay: delayMs,
            attempts: 1,
            removeOnComplete: {
              age: Math.ceil(limits.queueCompletedKeptMs / 1000),
              count: limits.queueCompletedKept,
            },
            removeOnFail: false,
          },
        );
        const state =
          delayMs > 0 ? 'delayed' : (await handle.queue.isPaused()) ? 'paused' : 'waiting';
        return await toMessage(redis, handle, job, state);
      } catch (error) {
        await releaseDedup(handle, dedupKey, id);
        throw error;
      }
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
    async pause(queueId) {
      await handleOf(queueId).queue.pause();
    },
    async resume(queueId) {
      await handleOf(queueId).queue.resume();
    },
    async isPaused(queueId) {
      return handleOf(queueId).queue.isPaused();
    },
    async clean(queueId) {
      const handle = handleOf(queueId);
      await promoteDue(handle);
      const before = await countsOf(handle);
      await handle.queue.drain(true);
      await pruneDedup(handle);
      return before.delayed + before.waiting + before.paused;
    },
    async counts(queueId) {
      const handle = handleOf(queueId);
      await promoteDue(handle);
      return countsOf(handle);
    },
    async list(queueId, listOptions) {
      const handle = handleOf(queueId);
      await promoteDue(handle);
      return listJobs(redis, handle, listOptions);
    },
    async get(queueId, messageId) {
      const handle = handleOf(queueId);
      await promoteDue(handle);
      const job = await handle.queue.getJob(messageId);
      if (!job) return null;
      const state = contractState(await job.getState(), await handle.queue.isPaused());
      return state ? toMessage(redis, handle, job, state) : null;
    },
    async remove(queueId, messageId) {
      const handle = handleOf(queueId);
      const job = await handle.queue.getJob(messageId);
      if (!job || (await job.getState()) === 'active') return false;
      try {
        await job.remove();
      } catch {
        return false;
      }
      await releaseDedup(handle, job.data.dedupKey, messageId);
      return true;
    },
    async retry(queueId, messageId) {
      const handle = handleOf(queueId);
      const job = await handle.queue.getJob(messageId);
      if (!job || (await job.getState()) !== 'failed') return false;
      try {
        await job.retry('failed');
      } catch {
        return false;
      }
      return true;
    },
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
      await redis.quit().catch(() => undefined);
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
