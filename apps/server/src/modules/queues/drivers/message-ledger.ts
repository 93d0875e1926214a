import type { PublishInput, QueueMessage } from './message-queue-driver';

/**
 * A pending message of a Redis-backed queue as the ledger keeps it in PostgreSQL
 * (docs/adr/0072): enough to publish it again, same id, due at the same moment.
 */
export interface LedgerEntry {
  id: string;
  queueId: string;
  workspaceId: string;
  message: unknown;
  publisher: string;
  delayMs: number;
  delayed: boolean;
  dedupKey: string | null;
  publishedAt: Date;
  /** When it may start: publishedAt plus the delay. */
  runAt: Date;
}

/** Where the ledger's rows are written (PostgreSQL: `queue-ledger.repository.ts`). */
export interface MessageLedger {
  record(entry: LedgerEntry): Promise<void>;
  forget(queueId: string, ids: readonly string[]): Promise<void>;
  forgetQueue(queueId: string): Promise<void>;
}

/** The ledger's entry of a publish, before Redis is asked. */
export function ledgerEntryOf(
  queueId: string,
  id: string,
  input: PublishInput,
  publishedAt: Date,
): LedgerEntry {
  const delayMs = Math.max(0, Math.round(input.delayMs ?? 0));
  return {
    id,
    queueId,
    workspaceId: input.workspaceId,
    message: input.message ?? null,
    publisher: input.publisher,
    delayMs,
    delayed: input.delayed ?? delayMs > 0,
    dedupKey: input.dedupKey ?? null,
    publishedAt,
    runAt: new Date(publishedAt.getTime() + delayMs),
  };
}

/** The ledger's entry of a message the driver holds (a failed one retried). */
export function ledgerEntryOfMessage(message: QueueMessage): LedgerEntry {
  return {
    id: message.id,
    queueId: message.queueId,
    workspaceId: message.workspaceId,
    message: message.message,
    publisher: message.publisher,
    delayMs: message.delayMs,
    delayed: message.delayed,
    dedupKey: message.dedupKey,
    publishedAt: message.publishedAt,
    runAt: message.runAt,
  };
}

/**
 * What the ledger asks of a message store that may lose what it holds (Redis: a FLUSHALL, a
 * restart without persistence, a fail-over to a replica that lagged). Only the Redis driver
 * has it; the embedded driver's messages are rows already.
 */
export interface MessageLedgerStore {
  /** Publishes `entry` with its id and its publish time. */
  publishAs(entry: LedgerEntry): Promise<QueueMessage>;
  /** Removes the delayed, waiting and paused messages (a clean); answers their ids. */
  cleanIds(queueId: string): Promise<string[]>;
  /**
   * Of `ids`, those the store has no message for at all (`missing`) and those it holds
   * completed or failed (`settled`: the ledger missed their end).
   */
  inspect(queueId: string, ids: string[]): Promise<{ missing: string[]; settled: string[] }>;
  /** Publishes a lost message again, same id, due at its `runAt`; nothing when it is there. */
  restore(entry: LedgerEntry): Promise<void>;
  /** Gives the store the queue's settings kept in the database (a store that lost them). */
  applySettings(
    queueId: string,
    settings: { maxPerSecond: number; paused: boolean },
  ): Promise<void>;
  /** Holds the ledger's pass for `ms` across processes: false when another holds it. */
  claimPass(ms: number): Promise<boolean>;
  releasePass(): Promise<void>;
}
