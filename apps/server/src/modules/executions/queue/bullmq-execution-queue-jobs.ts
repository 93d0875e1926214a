import type { Job, Queue } from 'bullmq';
import type { ExecutionJobStatus, ExecutionJob } from './execution-queue-driver';

/** What a BullMQ job of the execution queue carries. */
export interface ExecutionJobData {
  workspaceId: string;
  payload: unknown;
  concurrencyKey: string | null;
  concurrencyLimit: number;
  delayMs: number;
  /** The fair-share tag (also the job's BullMQ priority, unless clamped). */
  tag: number;
}

/** One queue of the driver on Redis: its BullMQ queue and the keys of the driver's own state. */
export interface BullmqExecutionQueue {
  name: string;
  queue: Queue<ExecutionJobData>;
  /** The fair share's virtual time. */
  vtKey: string;
  /** workspace id -> tag of its last enqueued job. */
  tagsKey: string;
  /** Every parked job of the queue (waiting for a place of its concurrency key). */
  parkedSetKey: string;
  /** A concurrency key's places: job id -> lease expiry (ms). */
  holdersKey(key: string): string;
  /** A concurrency key's parked jobs, in arrival order. */
  parkedKey(key: string): string;
  jobKey(jobId: string): string;
}

/** BullMQ refuses ':' in queue names and job ids: the names are URI-encoded. */
export const bullName = (queue: string) => `x-${encodeURIComponent(queue)}`;

/** A job id names its queue, so `remove(jobId)` finds it: `<encoded queue>~<uuid>`. */
export const executionJobIdOf = (queue: string, uuid: string) =>
  `${encodeURIComponent(queue)}~${uuid}`;

/** The queue named in a job id, or null for an id this driver did not make. */
export function queueOfExecutionJobId(jobId: string): string | null {
  const at = jobId.lastIndexOf('~');
  if (at <= 0) return null;
  try {
    return decodeURIComponent(jobId.slice(0, at));
  } catch {
    return null;
  }
}

/** The contract's status of a BullMQ state (a delayed or prioritized job is waiting). */
export function executionJobStatusOf(state: string): ExecutionJobStatus {
  if (state === 'active' || state === 'completed' || state === 'failed') return state;
  return 'waiting';
}

/** The contract's view of a BullMQ job. */
export function toExecutionJob(
  queue: string,
  job: Job<ExecutionJobData>,
  status: ExecutionJobStatus,
  extra: { attempts?: number; startedAt?: Date | null } = {},
): ExecutionJob {
  const finished = status === 'completed' || status === 'failed';
  return {
    id: job.id!,
    queue,
    workspaceId: job.data.workspaceId,
    payload: job.data.payload ?? null,
    status,
    attempts: extra.attempts ?? 0,
    runAt: new Date(job.timestamp + (job.data.delayMs ?? 0)),
    createdAt: new Date(job.timestamp),
    startedAt: extra.startedAt ?? (job.processedOn ? new Date(job.processedOn) : null),
    finishedAt: finished && job.finishedOn ? new Date(job.finishedOn) : null,
    error: status === 'failed' ? (job.failedReason ?? null) : null,
  };
}
