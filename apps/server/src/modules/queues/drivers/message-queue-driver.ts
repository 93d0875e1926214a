import type { JobState, QueueCounts } from '@ponte/shared/queues.schema';
import { redisFailureOf } from '../../../lib/redis-unavailable';

/**
 * The messages of the internal queues (docs/adr/0033). Two drivers keep them: the embedded one
 * (rows of `queue_messages`, the default) and the BullMQ one (Redis, when REDIS_URL is set).
 * Both pass `message-queue-driver.contract.ts`. The queue's settings (name, group) live in the
 * `queues` table whatever the driver; a queue is known to a driver by its `_id` (unique across
 * workspaces), and the queue row exists before a driver is asked about it.
 *
 * Semantics every driver keeps:
 * - FIFO: due messages of one queue start in the order they were published (a delayed one
 *   takes its place when its time comes).
 * - Rate: at most `maxPerSecond` messages of a queue start in any window of 1000 ms, however
 *   many processes consume it (0: no limit). Starts are spaced by 1000/maxPerSecond ms.
 * - Pause stops new starts (running ones finish); nothing is lost; resume starts again.
 * - At-least-once: a message whose consumer process died (kill -9) goes back to waiting with
 *   the same id once its lease runs out, and runs again (`attempts` counts the starts).
 * - A handler that rejects leaves the message `failed` with the error's message; `retry`
 *   puts it back to waiting with the same id.
 * - Completed messages: the newest `limits.queueCompletedKept` are kept for
 *   `limits.queueCompletedKeptMs`, then forgotten.
 */
export interface QueueMessage {
  id: string;
  queueId: string;
  workspaceId: string;
  message: unknown;
  publisher: string;
  publishedAt: Date;
  /** When it may start: publishedAt plus the delay. */
  runAt: Date;
  /** The delay asked at publish (0: none). */
  delayMs: number;
  /**
   * Published as delayed ('delayed 1' in the add-message modal, or any delay): a delayed
   * message of 0 seconds starts at once and still shows 'Delayed: Execução imediata'.
   */
  delayed: boolean;
  state: JobState;
  /** Times it started (0 until the first start). */
  attempts: number;
  /** The last start, by the rate limiter's clock. */
  startedAt: Date | null;
  finishedAt: Date | null;
  error: string | null;
  dedupKey: string | null;
  /** The consumer execution of the last start, when the handler told it. */
  executionId: string | null;
}

export interface PublishInput {
  workspaceId: string;
  message: unknown;
  publisher: string;
  delayMs?: number;
  /** Shown as delayed (default: when `delayMs` > 0). */
  delayed?: boolean;
  /** A message with this key still waiting (delayed, waiting or paused) refuses this one. */
  dedupKey?: string | null;
}

/** Thrown by `publish` when a message with the same dedup key is still waiting. */
export class DuplicateMessageError extends Error {
  override name = 'DuplicateMessageError';
  constructor(readonly dedupKey: string) {
    super(`duplicate dedup key ${dedupKey}`);
  }
}

/** What a handler can tell the driver while the message runs. */
export interface MessageRun {
  /** The consumer execution's id, kept on the message (the view page links to it). */
  setExecutionId(executionId: string): void;
}

/**
 * Resolves: completed. Rejects: failed with that error's message, unless `backToWaiting` says
 * the message waits again.
 */
export type MessageHandler = (
  message: QueueMessage,
  signal: AbortSignal,
  run: MessageRun,
) => Promise<void>;

/** What `removeFinished` removed. */
export interface FinishedRemoval {
  removed: number;
  bytes: number;
}

export interface MessageConsumeOptions {
  /** Messages of this queue running at once in this process. */
  concurrency: number;
}

export interface MessageConsumer {
  /** Stops taking messages; waits for running ones up to `graceMs`, then aborts them. */
  stop(graceMs?: number): Promise<void>;
}

export interface MessageQueueDriver {
  readonly kind: 'embedded' | 'redis';
  /** Checks the backing store (the Redis eviction policy); rejects with a pt-BR message. */
  start(): Promise<void>;
  /**
   * Rejects at once when the backing store does not answer now (Redis: PING on the driver's
   * connection); absent when the store is the app's database (its readiness covers it).
   */
  ping?(): Promise<void>;
  /** The queue's rate (0: no limit); read by every process consuming it. */
  setRate(queueId: string, maxPerSecond: number): Promise<void>;
  publish(queueId: string, input: PublishInput): Promise<QueueMessage>;
  consume(
    queueId: string,
    handler: MessageHandler,
    options: MessageConsumeOptions,
  ): MessageConsumer;
  pause(queueId: string): Promise<void>;
  resume(queueId: string): Promise<void>;
  isPaused(queueId: string): Promise<boolean>;
  /** Removes the delayed, waiting and paused messages; answers how many. */
  clean(queueId: string): Promise<number>;
  counts(queueId: string): Promise<QueueCounts>;
  /**
   * Messages in any of `states`: pending ones (delayed, waiting, paused, active) oldest first
   * by run_at; failed and completed ones newest finished first.
   */
  list(
    queueId: string,
    options: { states: JobState[]; page: number; limit: number },
  ): Promise<{ items: QueueMessage[]; total: number }>;
  get(queueId: string, messageId: string): Promise<QueueMessage | null>;
  /** Removes a message that is not running: false when it is active or gone. */
  remove(queueId: string, messageId: string): Promise<boolean>;
  /** A failed message back to waiting, same id: false when it is not failed. */
  retry(queueId: string, messageId: string): Promise<boolean>;
  /**
   * Removes at most `limit` finished messages (completed or failed) that finished at or before
   * `before`, oldest first; answers how many went and the bytes their store freed, as it
   * measures them (docs/adr/0123). Pending and running messages are never touched.
   */
  removeFinished(queueId: string, before: Date, limit: number): Promise<FinishedRemoval>;
  /** The queue was deleted: every message and every trace of it goes. */
  drop(queueId: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Whether a handler's rejection puts its message back to waiting, same id, rather than failing
 * it: its consumer was stopping (the abort), or Redis failed under it (the consumer execution
 * could not be queued, docs/adr/0072). The Redis driver and the ledger follow it.
 */
export function backToWaiting(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted || redisFailureOf(error) !== null;
}
