import type { Redis } from 'ioredis';
import type { MessageQueueDriver } from './message-queue-driver';
import {
  contractState,
  countsOf,
  listRedisMessages,
  toMessage,
  type RedisMessageQueue,
} from './redis-message-jobs';

type Admin = Pick<
  MessageQueueDriver,
  | 'pause'
  | 'resume'
  | 'isPaused'
  | 'clean'
  | 'counts'
  | 'list'
  | 'get'
  | 'remove'
  | 'retry'
  | 'removeFinished'
>;

/** Bytes Redis holds for a key (MEMORY USAGE), 0 when it is gone. */
async function memoryOf(redis: Redis, key: string): Promise<number> {
  const used = (await redis.call('MEMORY', 'USAGE', key)) as number | null;
  return Number(used ?? 0);
}

/**
 * Removes at most `limit` finished jobs (completed, then failed) that ended at or before
 * `before`; their bytes are what Redis held for each (MEMORY USAGE of the job and its logs).
 */
async function removeFinishedJobs(
  redis: Redis,
  handle: RedisMessageQueue,
  before: Date,
  limit: number,
) {
  let removed = 0;
  let bytes = 0;
  // BullMQ keeps finished jobs in two sorted sets scored by when they finished.
  for (const set of [handle.queue.keys.completed!, handle.queue.keys.failed!]) {
    if (removed >= limit) break;
    const ids = await redis.zrangebyscore(
      set,
      '-inf',
      before.getTime(),
      'LIMIT',
      0,
      limit - removed,
    );
    for (const id of ids) {
      const job = await handle.queue.getJob(id);
      if (!job) continue;
      const key = handle.jobKey(id);
      const size = (await memoryOf(redis, key)) + (await memoryOf(redis, `${key}:logs`));
      try {
        await job.remove();
      } catch {
        continue;
      }
      removed += 1;
      bytes += size;
    }
  }
  return { removed, bytes };
}

/** The Redis driver's reads and admin steps (pause, clean, remove, retry), and its dedup keys. */
export function createRedisMessageAdmin(
  redis: Redis,
  handleOf: (queueId: string) => Promise<RedisMessageQueue>,
) {
  /** Due delayed messages take their place in the line now, before anything reads or adds. */
  const promoteDue = async (handle: RedisMessageQueue) => {
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

  const releaseDedup = async (
    handle: RedisMessageQueue,
    dedupKey: string | null,
    jobId: string,
  ) => {
    if (dedupKey) await redis.ponteRelease(handle.dedupKey, dedupKey, jobId);
  };

  /** Frees the dedup keys whose message is gone (cleaned or removed). */
  const pruneDedup = async (handle: RedisMessageQueue) => {
    const taken = await redis.hgetall(handle.dedupKey);
    for (const [key, jobId] of Object.entries(taken)) {
      if (!(await redis.exists(handle.jobKey(jobId))))
        await redis.ponteRelease(handle.dedupKey, key, jobId);
    }
  };

  const admin: Admin = {
    async pause(queueId) {
      await (await handleOf(queueId)).queue.pause();
    },
    async resume(queueId) {
      await (await handleOf(queueId)).queue.resume();
    },
    async isPaused(queueId) {
      return (await handleOf(queueId)).queue.isPaused();
    },
    async clean(queueId) {
      const handle = await handleOf(queueId);
      await promoteDue(handle);
      const before = await countsOf(handle);
      await handle.queue.drain(true);
      await pruneDedup(handle);
      return before.delayed + before.waiting + before.paused;
    },
    async counts(queueId) {
      const handle = await handleOf(queueId);
      await promoteDue(handle);
      return countsOf(handle);
    },
    async list(queueId, listOptions) {
      const handle = await handleOf(queueId);
      await promoteDue(handle);
      return listRedisMessages(redis, handle, listOptions);
    },
    async get(queueId, messageId) {
      const handle = await handleOf(queueId);
      await promoteDue(handle);
      const job = await handle.queue.getJob(messageId);
      if (!job) return null;
      const state = contractState(await job.getState(), await handle.queue.isPaused());
      return state ? toMessage(redis, handle, job, state) : null;
    },
    async remove(queueId, messageId) {
      const handle = await handleOf(queueId);
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
      const handle = await handleOf(queueId);
      const job = await handle.queue.getJob(messageId);
      if (!job || (await job.getState()) !== 'failed') return false;
      try {
        await job.retry('failed');
      } catch {
        return false;
      }
      return true;
    },
    removeFinished: async (queueId, before, limit) =>
      removeFinishedJobs(redis, await handleOf(queueId), before, limit),
  };
  return { ...admin, promoteDue, releaseDedup };
}
