import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { limits } from '@ponte/shared/limits';
import {
  DuplicateMessageError,
  type PublishInput,
  type QueueMessage,
} from './message-queue-driver';
import { toMessage, type RedisQueue } from './redis-message-jobs';

/**
 * A message into the queue's BullMQ queue, its id a UUID. A dedup key is taken with HSETNX
 * first: held by a message still waiting, the publish is refused.
 */
export async function publishMessage(
  redis: Redis,
  handle: RedisQueue,
  input: PublishInput,
): Promise<QueueMessage> {
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
  try {
    const job = await handle.queue.add(
      'mensagem',
      {
        message: input.message ?? null,
        publisher: input.publisher,
        workspaceId: input.workspaceId,
        dedupKey,
        delayMs,
        delayed: input.delayed ?? delayMs > 0,
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
    const state = delayMs > 0 ? 'delayed' : (await handle.queue.isPaused()) ? 'paused' : 'waiting';
    return await toMessage(redis, handle, job, state);
  } catch (error) {
    if (dedupKey) await redis.ponteRelease(handle.dedupKey, dedupKey, id);
    throw error;
  }
}
