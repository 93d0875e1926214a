/**
 * Every execution, from any trigger, and every internal queue goes through this interface
 * (DESIGN.md §1). The embedded driver keeps jobs as database rows; a BullMQ driver keeps them
 * in Redis. Both pass `execution-queue-driver.contract.ts`.
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

/**
 * The abort reason of a job whose consumer stops with `handBack` (a worker shutting down,
 * docs/adr/0063): the handler leaves its record as it was before the job started and returns;
 * the driver puts the job back in the queue for another process.
 */
export class HandedBack extends Error {
  override name = 'HandedBack';
  constructor() {
    super('Execução devolvida à fila: o processo está encerrando.');
  }
}

export interface QueueConsumer {
  /**
   * Stops taking jobs; waits for running ones up to `graceMs`, then aborts them. With
   * `handBack`, the aborted jobs (reason: a `HandedBack`) go back to the queue once their
   * handlers return; a driver that cannot (the embedded one: one process) aborts them as usual.
   */
  stop(graceMs?: number, options?: { handBack?: boolean }): Promise<void>;
}

/**
 * A place taken in this process's consumer for a job that starts at once. The caller keeps its
 * own durable record of the work (an execution row written as running): the driver writes no
 * job, so an execution that starts at once costs no queue writes. A crash leaves the caller's
 * record, which its owner recovers.
 */
export interface QueueSlot {
  /** Starts the job in the consumer (counted, stopped and aborted like any other job). */
  start(payload: unknown): void;
  /** Gives the place back unused (the caller's record could not be written). */
  release(): void;
}

export type QueueCounts = Record<JobStatus | 'delayed', number>;

export interface QueueDriver {
  enqueue(queue: string, options: EnqueueOptions): Promise<QueueJob>;
  /**
   * A slot when a job with these options may start right now in this process (a consumer
   * here has room, nothing runnable waits, the concurrency key is under its limit); otherwise
   * null, and the caller enqueues. A driver that cannot tell gives null.
   */
  reserve(queue: string, options: Omit<EnqueueOptions, 'payload' | 'delayMs'>): QueueSlot | null;
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
