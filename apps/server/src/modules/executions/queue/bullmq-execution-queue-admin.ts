import { Job, type JobType } from 'bullmq';
import type { Redis } from 'ioredis';
import { pageOffset } from '../../../lib/list-query';
import type {
  ExecutionJobStatus,
  ExecutionQueueCounts,
  ExecutionQueueDriver,
  ExecutionJob,
} from './execution-queue-driver';
import {
  queueOfExecutionJobId,
  executionJobStatusOf,
  toExecutionJob,
  type BullmqExecutionQueue,
  type ExecutionJobData,
} from './bullmq-execution-queue-jobs';

/** The BullMQ states in the order of a listing, with the contract's status of each. */
const listOrder: [JobType, ExecutionJobStatus][] = [
  ['active', 'active'],
  ['wait', 'waiting'],
  ['prioritized', 'waiting'],
  ['delayed', 'waiting'],
  ['failed', 'failed'],
  ['completed', 'completed'],
];

/**
 * What an operator sees of a queue on Redis: counts, pages of jobs, removal of a job that has
 * not started. A parked job (its concurrency key full) counts as waiting, not delayed.
 */
export function createBullmqExecutionAdmin(
  redis: Redis,
  handleOf: (queue: string) => Promise<BullmqExecutionQueue>,
): Pick<ExecutionQueueDriver, 'counts' | 'list' | 'remove' | 'recover'> {
  const rawCounts = (handle: BullmqExecutionQueue) =>
    handle.queue.getJobCounts(...listOrder.map(([type]) => type));

  const countsOf = async (handle: BullmqExecutionQueue): Promise<ExecutionQueueCounts> => {
    const [raw, parked] = await Promise.all([rawCounts(handle), redis.scard(handle.parkedSetKey)]);
    const delayed = Math.max(0, (raw.delayed ?? 0) - parked);
    return {
      waiting: (raw.wait ?? 0) + (raw.prioritized ?? 0) + parked,
      delayed,
      active: raw.active ?? 0,
      completed: raw.completed ?? 0,
      failed: raw.failed ?? 0,
    };
  };

  return {
    counts: async (queue) => countsOf(await handleOf(queue)),

    /** Active, then waiting (due, then delayed), then failed, then completed jobs. */
    async list(queue, { status, page, limit }) {
      const handle = await handleOf(queue);
      const raw = await rawCounts(handle);
      const segments = listOrder.filter(([, each]) => !status || each === status);
      const total = segments.reduce((sum, [type]) => sum + (raw[type] ?? 0), 0);
      let skip = pageOffset(page, limit, total);
      const items: ExecutionJob[] = [];
      for (const [type, each] of segments) {
        const size = raw[type] ?? 0;
        if (items.length >= limit) break;
        if (skip >= size) {
          skip -= size;
          continue;
        }
        const room = limit - items.length;
        const jobs = await handle.queue.getJobs(
          [type],
          skip,
          skip + room - 1,
          type !== 'completed' && type !== 'failed',
        );
        for (const job of jobs.slice(0, room)) {
          if (job) items.push(toExecutionJob(queue, job as Job<ExecutionJobData>, each));
        }
        skip = 0;
      }
      return { items, total };
    },

    async remove(jobId) {
      const queue = queueOfExecutionJobId(jobId);
      if (!queue) return false;
      const handle = await handleOf(queue);
      const job = (await Job.fromId(handle.queue, jobId)) as Job<ExecutionJobData> | undefined;
      if (!job) return false;
      const state = await job.getState();
      if (executionJobStatusOf(state) !== 'waiting' || state === 'unknown') return false;
      try {
        // BullMQ refuses to remove a job locked by a worker (it has just started).
        await job.remove();
      } catch {
        return false;
      }
      const key = job.data.concurrencyKey;
      if (key) {
        await redis
          .multi()
          .lrem(handle.parkedKey(key), 0, jobId)
          .srem(handle.parkedSetKey, jobId)
          .exec();
      }
      return true;
    },

    /**
     * Nothing to do at start: a dead process's active jobs are BullMQ's stalled jobs, delivered
     * again by any worker once their lock runs out; their executions are reaped by lease.
     */
    recover: async () => [],
  };
}
