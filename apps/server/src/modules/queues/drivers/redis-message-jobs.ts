import type { Job, Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { JobState, QueueCounts } from '@ponte/shared/queues.schema';
import type { QueueMessage } from './message-queue-driver';

/** What a BullMQ job of an internal queue carries. */
export interface MessageJobData {
  message: unknown;
  publisher: string;
  workspaceId: string;
  dedupKey: string | null;
  delayMs: number;
  delayed: boolean;
}

/** One internal queue on Redis: its BullMQ queue and the keys of the driver's own state. */
export interface RedisMessageQueue {
  queueId: string;
  queue: Queue<MessageJobData>;
  /** The rate (messages per second), read by the start grant of every process. */
  rateKey: string;
  /** The moment the next start is allowed (µs on the Redis clock). */
  nextKey: string;
  /** dedup key -> id of the message still waiting with it. */
  dedupKey: string;
  jobKey(jobId: string): string;
}

type BullState = 'wait' | 'prioritized' | 'delayed' | 'active' | 'failed' | 'completed';

/** The driver's extra fields on a job hash: starts, last start, consumer execution. */
async function extras(redis: Redis, handle: RedisMessageQueue, jobId: string) {
  const [starts, startedAt, executionId] = await redis.hmget(
    handle.jobKey(jobId),
    'ponteStarts',
    'ponteStartedAt',
    'ponteExecutionId',
  );
  return {
    attempts: Number(starts ?? 0),
    startedAt: startedAt ? new Date(Math.floor(Number(startedAt) / 1000)) : null,
    executionId: executionId ?? null,
  };
}

export async function toMessage(
  redis: Redis,
  handle: RedisMessageQueue,
  job: Job<MessageJobData>,
  state: JobState,
): Promise<QueueMessage> {
  const more = await extras(redis, handle, job.id!);
  const delayMs = job.data.delayMs ?? 0;
  return {
    id: job.id!,
    queueId: handle.queueId,
    workspaceId: job.data.workspaceId,
    message: job.data.message,
    publisher: job.data.publisher,
    publishedAt: new Date(job.timestamp),
    runAt: new Date(job.timestamp + delayMs),
    delayMs,
    delayed: job.data.delayed,
    state,
    attempts: more.attempts,
    startedAt: more.startedAt,
    finishedAt: job.finishedOn && state !== 'active' ? new Date(job.finishedOn) : null,
    error: state === 'failed' ? (job.failedReason ?? null) : null,
    dedupKey: job.data.dedupKey ?? null,
    executionId: more.executionId,
  };
}

/** The contract's state of a job in BullMQ's `state`, the queue being paused or not. */
export function contractState(state: string, paused: boolean): JobState | null {
  if (state === 'waiting' || state === 'wait' || state === 'paused' || state === 'prioritized') {
    return paused ? 'paused' : 'waiting';
  }
  if (state === 'delayed' || state === 'active' || state === 'failed' || state === 'completed') {
    return state;
  }
  return null;
}

export async function countsOf(handle: RedisMessageQueue): Promise<QueueCounts> {
  const [raw, paused] = await Promise.all([
    handle.queue.getJobCounts('wait', 'prioritized', 'delayed', 'active', 'failed', 'completed'),
    handle.queue.isPaused(),
  ]);
  const pending = (raw.wait ?? 0) + (raw.prioritized ?? 0);
  return {
    delayed: raw.delayed ?? 0,
    waiting: paused ? 0 : pending,
    paused: paused ? pending : 0,
    active: raw.active ?? 0,
    failed: raw.failed ?? 0,
    completed: raw.completed ?? 0,
  };
}

/**
 * One page over the asked states, in the contract's order: running ones first, then the due
 * ones in start order, then the delayed ones by their time (oldest run_at first), then the
 * failed and the completed ones, newest finished first.
 */
export async function listRedisMessages(
  redis: Redis,
  handle: RedisMessageQueue,
  options: { states: JobState[]; page: number; limit: number },
): Promise<{ items: QueueMessage[]; total: number }> {
  const counts = await countsOf(handle);
  const paused = counts.paused > 0 || (await handle.queue.isPaused());
  const segments: { bull: BullState[]; state: JobState; size: number; asc: boolean }[] = [];
  const wants = (state: JobState) => options.states.includes(state);
  if (wants('active'))
    segments.push({ bull: ['active'], state: 'active', size: counts.active, asc: true });
  const due = paused ? 'paused' : 'waiting';
  if (wants(due)) {
    segments.push({ bull: ['wait'], state: due, size: counts[due], asc: true });
  }
  if (wants('delayed'))
    segments.push({ bull: ['delayed'], state: 'delayed', size: counts.delayed, asc: true });
  if (wants('failed'))
    segments.push({ bull: ['failed'], state: 'failed', size: counts.failed, asc: false });
  if (wants('completed')) {
    segments.push({ bull: ['completed'], state: 'completed', size: counts.completed, asc: false });
  }
  const total = segments.reduce((sum, segment) => sum + segment.size, 0);
  let skip = Math.max(0, (options.page - 1) * options.limit);
  let room = options.limit;
  const items: QueueMessage[] = [];
  for (const segment of segments) {
    if (room <= 0) break;
    if (skip >= segment.size) {
      skip -= segment.size;
      continue;
    }
    const jobs = await handle.queue.getJobs(segment.bull, skip, skip + room - 1, segment.asc);
    skip = 0;
    for (const job of jobs.filter(Boolean).slice(0, room)) {
      items.push(await toMessage(redis, handle, job, segment.state));
    }
    room = options.limit - items.length;
  }
  return { items, total };
}
