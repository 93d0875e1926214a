import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { claimMessage, idleFor, recoverExpiredMessages } from './embedded-message-claim';
import { keptDedupKey } from './embedded-message-rows';
import type { MessageConsumer, MessageHandler, QueueMessage } from './message-queue-driver';

/** How long a stopping consumer waits for its aborted runs to give their messages back. */
const abortWaitMs = 2_000;

export interface EmbeddedMessageTimings {
  /** How long a started message is held by its process without a renewal. */
  leaseMs: number;
  /** The longest idle sleep: another process's publish is seen within it. */
  pollMs: number;
}

/** A running message: renewed by the driver while its handler runs. */
export interface RunningMessage {
  id: string;
  attempts: number;
}

export interface LocalMessageConsumer extends MessageConsumer {
  queueId: string;
  /** Look again now (a publish, a resume, a finished message). */
  kick(): void;
  /** The process died: nothing more runs or is written. */
  abandon(): void;
}

/** Writes how a run ended, unless the message was taken back meanwhile (lease lost). */
async function settle(
  db: Database,
  message: QueueMessage,
  executionId: string | null,
  error: unknown,
): Promise<void> {
  const failed = error !== undefined;
  const text = failed ? (error instanceof Error ? error.message : String(error)) : null;
  await db.execute(sql`update queue_messages
    set status = ${failed ? 'failed' : 'completed'}, finished_at = now(), locked_until = null,
      error = ${text}, execution_id = coalesce(${executionId}, execution_id)
    where id = ${message.id} and status = 'active' and attempts = ${message.attempts}`);
}

/** A message claimed by a consumer that stopped meanwhile waits again, as it was. */
async function release(db: Database, message: QueueMessage): Promise<void> {
  await db.execute(sql`update queue_messages
    set status = 'waiting', attempts = attempts - 1, started_at = null, locked_until = null,
      dedup_key = ${keptDedupKey}
    where id = ${message.id} and status = 'active' and attempts = ${message.attempts}`);
}

/**
 * A message whose run its stopping consumer aborted (a restart, the queue handed to another
 * flow) waits again with the same id, to run anew: not a failure of the message.
 */
async function giveBack(db: Database, message: QueueMessage): Promise<void> {
  await db.execute(sql`update queue_messages
    set status = 'waiting', locked_until = null, dedup_key = ${keptDedupKey}
    where id = ${message.id} and status = 'active' and attempts = ${message.attempts}`);
}

/** Waits for the runs up to `graceMs`, then aborts the rest and waits for them to give back. */
async function endRuns(
  runs: { done: Promise<void>; abort: AbortController }[],
  graceMs: number,
): Promise<void> {
  const within = (work: Promise<unknown>, ms: number) => {
    let timer: NodeJS.Timeout | undefined;
    return Promise.race([
      work,
      new Promise((resolve) => (timer = setTimeout(resolve, ms))),
    ]).finally(() => clearTimeout(timer));
  };
  await within(Promise.all(runs.map((each) => each.done)), graceMs);
  for (const each of runs) each.abort.abort();
  await within(Promise.all(runs.map((each) => each.done)), abortWaitMs);
}

/**
 * One consumer of one queue in this process: claims while it has free slots, then sleeps
 * until the rate or the next delay allows a start, at most `pollMs`.
 */
export function createEmbeddedMessageConsumer(
  db: Database,
  queueId: string,
  handler: MessageHandler,
  concurrency: number,
  timings: EmbeddedMessageTimings,
  running: Map<string, RunningMessage>,
  onGone: (consumer: LocalMessageConsumer) => void,
): LocalMessageConsumer {
  let stopped = false;
  let dead = false;
  let looking = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  const runs = new Map<string, { done: Promise<void>; abort: AbortController }>();

  const run = (message: QueueMessage) => {
    const abort = new AbortController();
    let executionId: string | null = null;
    running.set(message.id, { id: message.id, attempts: message.attempts });
    const done = (async () => {
      let error: unknown = undefined;
      try {
        await handler(message, abort.signal, { setExecutionId: (id) => (executionId = id) });
      } catch (caught) {
        error = caught ?? new Error('falhou');
      }
      if (dead) return;
      running.delete(message.id);
      const ending =
        error !== undefined && abort.signal.aborted
          ? giveBack(db, message)
          : settle(db, message, executionId, error);
      await ending.catch(() => undefined);
    })().finally(() => {
      runs.delete(message.id);
      consumer.kick();
    });
    runs.set(message.id, { done, abort });
  };

  // Expired leases are looked for at most once a third of a lease, not on every claim.
  let recoveredAt = -Infinity;
  const look = async () => {
    if (Date.now() - recoveredAt >= timings.leaseMs / 3) {
      recoveredAt = Date.now();
      await recoverExpiredMessages(db, queueId);
    }
    while (!stopped && runs.size < concurrency) {
      const message = await claimMessage(db, queueId, timings.leaseMs);
      if (!message) return;
      if (stopped) {
        // Taken while stopping: it goes back at once rather than after its lease.
        if (!dead) await release(db, message).catch(() => undefined);
        return;
      }
      run(message);
    }
  };

  const loop = async () => {
    if (looking) {
      again = true;
      return;
    }
    looking = true;
    clearTimeout(timer);
    try {
      do {
        again = false;
        await look().catch(() => undefined);
      } while (again && !stopped);
      if (stopped || runs.size >= concurrency) return;
      const ms = await idleFor(db, queueId, timings.pollMs).catch(() => timings.pollMs);
      if (!stopped) timer = setTimeout(() => void loop(), ms);
    } finally {
      looking = false;
      if (again && !stopped) void loop();
    }
  };

  const consumer: LocalMessageConsumer = {
    queueId,
    kick: () => {
      if (!stopped) void loop();
    },
    abandon: () => {
      stopped = true;
      dead = true;
      clearTimeout(timer);
      for (const id of runs.keys()) running.delete(id);
    },
    async stop(graceMs = 0) {
      stopped = true;
      clearTimeout(timer);
      await endRuns([...runs.values()], graceMs);
      for (const id of runs.keys()) running.delete(id);
      onGone(consumer);
    },
  };
  void loop();
  return consumer;
}
