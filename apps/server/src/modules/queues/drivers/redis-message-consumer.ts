import { WaitingError, Worker, type ConnectionOptions, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { backToWaiting, type MessageConsumer, type MessageHandler } from './message-queue-driver';
import { toMessage, type MessageJobData, type RedisMessageQueue } from './redis-message-jobs';
import { grantMessageStart } from './redis-message-scripts';

export interface RedisMessageTimings {
  /** The lock of a running message; a dead process's messages come back after it. */
  lockDurationMs: number;
  /** How often a worker looks for messages whose lock ran out. */
  stalledIntervalMs: number;
}

export interface RedisMessageConsumer extends MessageConsumer {
  /** Tests: the process dies (kill -9); its locks are left to run out. */
  abandon(): void;
}

/**
 * A BullMQ worker over one internal queue. Each start asks the grant (redis-message-scripts);
 * a refused one gives the queue BullMQ's manual rate limit for the wait and goes back to
 * waiting at its place, without counting an attempt.
 */
export function createRedisMessageConsumer(
  redis: Redis,
  connection: ConnectionOptions,
  prefix: string,
  handle: RedisMessageQueue,
  handler: MessageHandler,
  concurrency: number,
  timings: RedisMessageTimings,
  onStop: () => void,
): RedisMessageConsumer {
  const running = new Set<AbortController>();
  const idleWaiters = new Set<() => void>();
  /** Resolves true once no handler runs, false after `ms`. */
  const idleWithin = (ms: number) =>
    new Promise<boolean>((resolve) => {
      if (running.size === 0) return resolve(true);
      const idle = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        idleWaiters.delete(idle);
        resolve(false);
      }, ms);
      idleWaiters.add(idle);
    });
  const processor = async (job: Job<MessageJobData>, token?: string) => {
    const grant = await grantMessageStart(
      redis,
      {
        rate: handle.rateKey,
        next: handle.nextKey,
        dedup: handle.dedupKey,
        job: handle.jobKey(job.id!),
      },
      job.id!,
      job.data.dedupKey,
    );
    if (!grant.granted) {
      if ('gone' in grant) return;
      await handle.queue.rateLimit(grant.waitMs);
      throw Worker.RateLimitError();
    }
    const message = await toMessage(redis, handle, job, 'active');
    const abort = new AbortController();
    running.add(abort);
    let written: Promise<unknown> = Promise.resolve();
    try {
      await handler(
        { ...message, startedAt: grant.startedAt, attempts: grant.attempts },
        abort.signal,
        {
          setExecutionId(executionId) {
            written = redis
              .hset(handle.jobKey(job.id!), 'ponteExecutionId', executionId)
              .catch(() => undefined);
          },
        },
      );
    } catch (error) {
      // Aborted by a stopping consumer, or Redis failed under the handler: the message goes
      // back to waiting, not to failed.
      if (!backToWaiting(error, abort.signal)) throw error;
      await job.moveToWait(token);
      throw new WaitingError();
    } finally {
      running.delete(abort);
      if (running.size === 0) {
        const waiting = [...idleWaiters];
        idleWaiters.clear();
        waiting.forEach((idle) => idle());
      }
      await written;
    }
  };
  const worker = new Worker<MessageJobData>(handle.queue.name, processor, {
    connection,
    prefix,
    concurrency,
    lockDuration: timings.lockDurationMs,
    stalledInterval: timings.stalledIntervalMs,
    // A message whose process died runs again, however many times that happens.
    maxStalledCount: 1_000_000,
    // The rate is the grant's; this limiter only lets the manual rate limit hold the queue.
    limiter: { max: 1_000_000, duration: 1000 },
    drainDelay: 1,
  });
  worker.on('error', () => undefined);
  return {
    async stop(graceMs = 10_000) {
      onStop();
      await worker.pause(true).catch(() => undefined);
      if (!(await idleWithin(graceMs))) {
        for (const abort of running) abort.abort();
        await idleWithin(1000);
      }
      // A handler deaf to the abort keeps its message active until its lock runs out; then
      // the message comes back to waiting, as after a crash.
      await worker.close(running.size > 0);
    },
    abandon() {
      onStop();
      void worker.close(true).catch(() => undefined);
    },
  };
}
