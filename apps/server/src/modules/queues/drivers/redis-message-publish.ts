import type { Redis } from 'ioredis';
import { limits } from '@ponte/shared/limits';
import { DuplicateMessageError, type QueueMessage } from './message-queue-driver';
import type { LedgerEntry } from './message-ledger';
import { toMessage, type MessageJobData, type RedisMessageQueue } from './redis-message-jobs';

/**
 * Adds the message's job: its id and publish time are the entry's, so a message published again
 * by the ledger keeps both and is due at the same moment (BullMQ: timestamp + delay). BullMQ
 * adds nothing when a job with the id exists.
 */
async function addJob(handle: RedisMessageQueue, entry: LedgerEntry, now: number) {
  const data: MessageJobData = {
    message: entry.message,
    publisher: entry.publisher,
    workspaceId: entry.workspaceId,
    dedupKey: entry.dedupKey,
    delayMs: entry.delayMs,
    delayed: entry.delayed,
  };
  const due = entry.runAt.getTime() > now;
  return handle.queue.add('mensagem', data, {
    jobId: entry.id,
    timestamp: entry.publishedAt.getTime(),
    delay: due ? entry.delayMs : 0,
    attempts: 1,
    removeOnComplete: {
      age: Math.ceil(limits.queueCompletedKeptMs / 1000),
      count: limits.queueCompletedKept,
    },
    removeOnFail: false,
  });
}

/**
 * A message into the queue's BullMQ queue, with the entry's id (a UUID). A dedup key is taken
 * with HSETNX first: held by a message still waiting, the publish is refused.
 */
export async function publishMessage(
  redis: Redis,
  handle: RedisMessageQueue,
  entry: LedgerEntry,
): Promise<QueueMessage> {
  const { id, dedupKey } = entry;
  if (dedupKey && !(await redis.hsetnx(handle.dedupKey, dedupKey, id))) {
    const holder = await redis.hget(handle.dedupKey, dedupKey);
    const state = holder ? await handle.queue.getJobState(holder) : 'unknown';
    if (['waiting', 'paused', 'delayed', 'prioritized', 'wait'].includes(state)) {
      throw new DuplicateMessageError(dedupKey);
    }
    // The holder started or went without freeing its key (a crash): the key is free.
    await redis.hset(handle.dedupKey, dedupKey, id);
  }
  try {
    const now = Date.now();
    const job = await addJob(handle, entry, now);
    const delayed = entry.runAt.getTime() > now;
    const state = delayed ? 'delayed' : (await handle.queue.isPaused()) ? 'paused' : 'waiting';
    return await toMessage(redis, handle, job, state);
  } catch (error) {
    if (dedupKey) await redis.ponteRelease(handle.dedupKey, dedupKey, id).catch(() => undefined);
    throw error;
  }
}

/**
 * A message Redis lost, published again with its id and times. Its dedup key is taken back only
 * when no other message holds it (it loses the key rather than refuse, as a retried one does).
 */
export async function restoreMessage(
  redis: Redis,
  handle: RedisMessageQueue,
  entry: LedgerEntry,
): Promise<void> {
  if (entry.dedupKey) await redis.hsetnx(handle.dedupKey, entry.dedupKey, entry.id);
  await addJob(handle, entry, Date.now());
}
