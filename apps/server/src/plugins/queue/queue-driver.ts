/**
 * Every execution, from any trigger, and every internal queue goes through this interface
 * (DESIGN.md §1). The embedded driver keeps jobs as database rows; a BullMQ driver keeps them
 * in Redis. Both pass `queue-driver.contract.ts`.
 */
export type JobStatus = 'waiting' | 'active' | 'completed' | 'failed';

export interface EnqueueOptions {
  workspaceId: string;
  payload: unknown;
  /** Run no earlier than this many milliseconds from now. */
  delayMs?: number;
  /** Jobs sharing a key run at most `concurrencyLimit` at a time (0 or absent: no limit). */
  concurrencyKey?: string;
  concurrencyLimit?: number;
}

export interface QueueJob {
  id: string;
  queue: string;
  workspaceId: string;
  payload: unknown;
  status: JobStatus;
  attempts: number;
  runAt: Date;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  error: string | null;
}

/** Resolves: the job completed. Rejects: the job failed with that error's message. */
export type JobHandler = (job: QueueJob, signal: AbortSignal) => Promise<void>;

export interface ConsumeOptions {
  /** Jobs of this queue running at once in this process. */
  concurrency: number;
  /** Completed jobs are deleted (default) or kept as `completed`. */
  keepCompleted?: boolean;
}

export interface QueueConsumer {
  /** Stops taking jobs; waits for running ones up to `graceMs`, then aborts them. */
  stop(graceMs?: number): Promise<void>;
}

export type QueueCounts = Record<JobStatus | 'delayed', number>;

export interface QueueDriver {
  enqueue(queue: string, options: EnqueueOptions): Promise<QueueJob>;
  consume(queue: string, handler: JobHandler, options: ConsumeOptions): QueueConsumer;
  pause(queue: string): void;
  resume(queue: string): void;
  isPaused(queue: string): boolean;
  counts(queue: string): Promise<QueueCounts>;
  list(
    queue: string,
    options: { status?: JobStatus; page: number; limit: number },
  ): Promise<{ items: QueueJob[]; total: number }>;
  /** Removes a job that has not started; false when it is running or gone. */
  remove(jobId: string): Promise<boolean>;
  /**
   * At start: jobs left `active` by a process that died are marked failed with the error
   * 'crashed' and returned, so their owners can record it. Never leaves a job running.
   */
  recover(): Promise<QueueJob[]>;
  close(): Promise<void>;
}
