import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { uniqueViolation } from '../../../db/unique-violation';
import { storableJsonText } from '../../../lib/storable-text';
import {
  createEmbeddedMessageConsumer,
  type EmbeddedMessageTimings,
  type LocalMessageConsumer,
  type RunningMessage,
} from './embedded-message-consumer';
import { createEmbeddedMessageAdmin } from './embedded-message-admin';
import { startMessageUpkeep } from './embedded-message-upkeep';
import {
  messageColumns,
  millis,
  rowsOf,
  toMessage,
  type MessageRow,
} from './embedded-message-rows';
import { DuplicateMessageError, type MessageQueueDriver } from './message-queue-driver';

export interface EmbeddedMessageDriverOptions extends Partial<EmbeddedMessageTimings> {
  /** How often completed messages beyond the retention are forgotten. */
  trimMs?: number;
  /** Completed messages kept per queue, and for how long (tests shorten them). */
  completedKept?: number;
  completedKeptMs?: number;
}

export interface EmbeddedMessageDriver extends MessageQueueDriver {
  /** Tests: the process dies (kill -9). Timers stop, running handlers are left unsettled. */
  abandon(): void;
}

/**
 * The embedded message driver (docs/adr/0034): messages are rows of `queue_messages`; the
 * pause and the rate are columns of the queue's row, so every process on the same database
 * shares them. Parts: `embedded-message-claim.ts` (the claim, the lease recovery),
 * `embedded-message-consumer.ts` (running messages), `embedded-message-list.ts` (the lists).
 */
export function createEmbeddedMessageDriver(
  db: Database,
  options: EmbeddedMessageDriverOptions = {},
): EmbeddedMessageDriver {
  const timings: EmbeddedMessageTimings = {
    leaseMs: options.leaseMs ?? 30_000,
    pollMs: options.pollMs ?? 1_000,
  };
  const consumers = new Set<LocalMessageConsumer>();
  const running = new Map<string, RunningMessage>();
  const kick = (queueId: string) => {
    for (const consumer of consumers) if (consumer.queueId === queueId) consumer.kick();
  };

  const { renewTimer, trimTimer, trim } = startMessageUpkeep(db, timings, {
    running,
    consumers,
    trimMs: options.trimMs ?? 60_000,
    completedKept: options.completedKept,
    completedKeptMs: options.completedKeptMs,
  });
  const admin = createEmbeddedMessageAdmin(db, kick);

  const driver: EmbeddedMessageDriver = {
    kind: 'embedded',
    async start() {},
    async setRate(queueId, maxPerSecond) {
      await db.execute(
        sql`update queues set max_per_second = ${maxPerSecond} where id = ${queueId}`,
      );
      kick(queueId);
    },
    async publish(queueId, input) {
      const delayMs = Math.max(0, Math.round(input.delayMs ?? 0));
      try {
        const rows = await rowsOf<MessageRow>(
          db,
          // Truncated, not rounded: a message without delay is due at once, never 'delayed'.
          sql`with m as (
              insert into queue_messages (id, queue_id, workspace_id, message, publisher, delay_ms,
                delayed, dedup_key, status, run_at, created_at)
              values (${randomUUID()}, ${queueId}, ${input.workspaceId},
                ${storableJsonText(input.message ?? null)}::jsonb, ${input.publisher}, ${delayMs},
                ${input.delayed ?? delayMs > 0}, ${input.dedupKey ?? null}, 'waiting',
                date_trunc('milliseconds', now() + ${millis(delayMs)}),
                date_trunc('milliseconds', now()))
              returning *
            )
            select ${messageColumns()} from m join queues q on q.id = m.queue_id`,
        );
        kick(queueId);
        return toMessage(rows[0]!);
      } catch (error) {
        if (uniqueViolation(error) === 'queue_messages_dedup_unique' && input.dedupKey) {
          throw new DuplicateMessageError(input.dedupKey);
        }
        throw error;
      }
    },
    consume(queueId, handler, { concurrency }) {
      const consumer = createEmbeddedMessageConsumer(
        db,
        queueId,
        handler,
        Math.max(1, concurrency),
        timings,
        running,
        (gone) => consumers.delete(gone),
      );
      consumers.add(consumer);
      void trim().catch(() => undefined);
      return consumer;
    },
    ...admin,
    async drop(queueId) {
      await Promise.all(
        [...consumers].filter((each) => each.queueId === queueId).map((each) => each.stop(0)),
      );
      await db.execute(sql`delete from queue_messages where queue_id = ${queueId}`);
      await db.execute(sql`delete from queue_depth_samples where queue_id = ${queueId}`);
    },
    async close() {
      clearInterval(renewTimer);
      clearInterval(trimTimer);
      await Promise.all([...consumers].map((consumer) => consumer.stop(0)));
    },
    abandon() {
      clearInterval(renewTimer);
      clearInterval(trimTimer);
      for (const consumer of consumers) consumer.abandon();
      consumers.clear();
      running.clear();
    },
  };
  return driver;
}
