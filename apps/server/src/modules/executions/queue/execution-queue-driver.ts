/**
 * The executions queue: every execution, from any trigger, goes through this interface as an
 * execution job (DESIGN.md §1), a message of an internal queue too once its consumer flow runs
 * it (`modules/queues/queue-consumers.ts`; the messages themselves live in the queues module's
 * `MessageQueueDriver`, which shares no code with this one). The embedded driver keeps jobs as
 * database rows; a BullMQ driver keeps them in Redis. Both pass
 * `execution-queue-driver.contract.ts`.
 */
export type ExecutionJobStatus = 'waiting' | 'active' | 'completed' | 'failed';

export interface ExecutionEnqueueOptions {
  workspaceId: string;
  payload: unknown;
  /** Run no earlier than this many milliseconds from now. */
  delayMs?: number;
  /** Jobs sharing a key run at most `concurrencyLimit` at a time (0 or absent: no limit). */
  concurrencyKey?: string;
  concurrencyLimit?: number;
}

export interface ExecutionJob {
  id: string;
  queue: string;
  workspaceId: string;
  payload: unknown;
  status: ExecutionJobStatus;
  attempts: number;
  runAt: Date;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  error: string | null;
}

/** Resolves: the job completed. Rejects: the job failed with that error's message. */
export type ExecutionJobHandler = (job: ExecutionJob, signal: AbortSignal) => Promise<void>;

export interface ExecutionConsumeOptions {
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

export interface ExecutionQueueConsumer {
  /**
   * Stops taking jobs; waits for running ones up to `graceMs`, then aborts them. With
   * `handBack`, the aborted jobs (reason: a `HandedBack`) go back to the queue once their
   * handlers return; a driver that cannot (the embedded one: one process) aborts them as usual.
   */
  stop(graceMs?: number, options?: { handBack?: boolean }): Promise<void>;
  /**
   * Resolves once the consumer knows what waits in the queue (a job may start at once in a
   * slot only then); absent: it knows at once.
   */
  ready?: Promise<void>;
}

/**
 * A place taken in this process's consumer for a job that starts at once. The caller keeps its
 * own durable record of the work (an execution row written as running): the driver writes no
 * job, so an execution that starts at once costs no queue writes. A crash leaves the caller's
 * record, which its owner recovers.
 */
export interface ExecutionQueueSlot {
  /** Starts the job in the consumer (counted, stopped and aborted like any other job). */
  start(payload: unknown): void;
  /** Gives the place back unused (the caller's record could not be written). */
  release(): void;
}

export type ExecutionQueueCounts = Record<ExecutionJobStatus | 'delayed', number>;

export interface ExecutionQueueDriver {
  enqueue(queue: string, options: ExecutionEnqueueOptions): Promise<ExecutionJob>;
  /**
   * A slot when a job with these options may start right now in this process (a consumer
   * here has room, nothing runnable waits, the concurrency key is under its limit); otherwise
   * null, and the caller enqueues. A driver that cannot tell gives null.
   */
  reserve(
    queue: string,
    options: Omit<ExecutionEnqueueOptions, 'payload' | 'delayMs'>,
  ): ExecutionQueueSlot | null;
  consume(
    queue: string,
    handler: ExecutionJobHandler,
    options: ExecutionConsumeOptions,
  ): ExecutionQueueConsumer;
  pause(queue: string): void;
  resume(queue: string): void;
  isPaused(queue: string): boolean;
  counts(queue: string): Promise<ExecutionQueueCounts>;
  list(
    queue: string,
    options: { status?: ExecutionJobStatus; page: number; limit: number },
  ): Promise<{ items: ExecutionJob[]; total: number }>;
  /** Removes a job that has not started; false when it is running or gone. */
  remove(jobId: string): Promise<boolean>;
  /**
   * At start: jobs left `active` by a process that died are marked failed with the error
   * 'crashed' and returned, so their owners can record it. Never leaves a job running.
   */
  recover(): Promise<ExecutionJob[]>;
  close(): Promise<void>;
}
