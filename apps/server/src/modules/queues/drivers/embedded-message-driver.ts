import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { limits } from '@ponte/shared/limits';
import { emptyQueueCounts, type QueueCounts } from '@ponte/shared/queues.schema';
import type { Database } from '../../../db/client';
import { uniqueViolation } from '../../../db/unique-violation';
import { storableJsonText } from '../../../lib/storable-text';
import {
  createEmbeddedConsumer,
  type EmbeddedTimings,
  type LocalConsumer,
  type Running,
} from './embedded-message-consumer';
import { listMessages } from './embedded-message-list';
import {
  keptDedupKey,
  messageColumns,
  millis,
  rowsOf,
  toMessage,
  type MessageRow,
} from './embedded-message-rows';
import { DuplicateMessageError, type MessageQueueDriver } from './message-queue-driver';

export interface EmbeddedMessageDriverOptions extends Partial<EmbeddedTimings> {
  /** How often completed messages beyond the retention are forgotten. */
  trimMs?: number;
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
  const timings: EmbeddedTimings = {
    leaseMs: options.leaseMs ?? 30_000,
    pollMs: options.pollMs ?? 1_000,
  };
  const consumers = new Set<LocalConsumer>();
  const running = new Map<string, Running>();
  const kick = (queueId: string) => {
    for (const consumer of consumers) if (consumer.queueId === queueId) consumer.kick();
  };

  const renew = async () => {
    const ids = [...running.keys()];
    if (!ids.length) return;
    await db.execute(sql`update queue_messages set locked_until = now() + ${millis(timings.leaseMs)}
      where status = 'active' and id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`);
  };
  const trim = async () => {
    const queueIds = [...new Set([...consumers].map((consumer) => consumer.queueId))];
    for (const queueId of queueIds) {
      await db.execute(sql`delete from queue_messages where queue_id = ${queueId}
        and status = 'completed' and (finished_at < now() - ${millis(limits.queueCompletedKeptMs)}
          or id in (select id from queue_messages where queue_id = ${queueId}
            and status = 'completed' order by finished_at desc offset ${limits.queueCompletedKept}))`);
    }
  };
  const renewTimer = setInterval(
    () => void renew().catch(() => undefined),
    Math.max(10, timings.leaseMs / 3),
  );
  const trimTimer = setInterval(() => void trim().catch(() => undefined), options.trimMs ?? 60_000);
  renewTimer.unref();
  trimTimer.unref();

  const one = async (queueId: string, messageId: string) => {
    const rows = await rowsOf<MessageRow>(
      db,
      sql`select ${messageColumns()} from queue_messages m join queues q on q.id = m.queue_id
        where m.queue_id = ${queueId} and m.id = ${messageId}`,
    );
    return rows[0] ? toMessage(rows[0]) : null;
  };

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
          sql`with m as (
              insert into queue_messages (id, queue_id, workspace_id, message, publisher, delay_ms,
                dedup_key, status, run_at, created_at)
              values (${randomUUID()}, ${queueId}, ${input.workspaceId},
                ${storableJsonText(input.message ?? null)}::jsonb, ${input.publisher}, ${delayMs},
                ${input.dedupKey ?? null}, 'waiting', now() + ${millis(delayMs)}, now())
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
      const consumer = createEmbeddedConsumer(
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
    async pause(queueId) {
      await db.execute(sql`update queues set paused = true where id = ${queueId}`);
    },
    async resume(queueId) {
      await db.execute(sql`update queues set paused = false where id = ${queueId}`);
      kick(queueId);
    },
    async isPaused(queueId) {
      const rows = await rowsOf<{ paused: boolean }>(
        db,
        sql`select paused from queues where id = ${queueId}`,
      );
      return rows[0]?.paused === true;
    },
    async clean(queueId) {
      const rows = await rowsOf<{ id: string }>(
        db,
        sql`delete from queue_messages where queue_id = ${queueId} and status = 'waiting'
          returning id`,
      );
      return rows.length;
    },
    async counts(queueId): Promise<QueueCounts> {
      const rows = await rowsOf<Record<keyof QueueCounts, string | number>>(
        db,
        sql`select
            count(*) filter (where m.status = 'waiting' and m.run_at > now()) as delayed,
            count(*) filter (where m.status = 'waiting' and m.run_at <= now() and not q.paused) as waiting,
            count(*) filter (where m.status = 'waiting' and m.run_at <= now() and q.paused) as paused,
            count(*) filter (where m.status = 'active') as active,
            count(*) filter (where m.status = 'failed') as failed,
            count(*) filter (where m.status = 'completed') as completed
          from queue_messages m join queues q on q.id = m.queue_id
          where m.queue_id = ${queueId}`,
      );
      const counts = emptyQueueCounts();
      for (const state of Object.keys(counts) as (keyof QueueCounts)[]) {
        counts[state] = Number(rows[0]?.[state] ?? 0);
      }
      return counts;
    },
    list: (queueId, listOptions) => listMessages(db, queueId, listOptions),
    get: one,
    async remove(queueId, messageId) {
      const rows = await rowsOf<{ id: string }>(
        db,
        sql`delete from queue_messages
          where queue_id = ${queueId} and id = ${messageId} and status <> 'active' returning id`,
      );
      return rows.length === 1;
    },
    async retry(queueId, messageId) {
      const rows = await rowsOf<{ id: string }>(
        db,
        sql`update queue_messages set status = 'waiting', run_at = now(), finished_at = null,
            error = null, locked_until = null, dedup_key = ${keptDedupKey}
          where queue_id = ${queueId} and id = ${messageId} and status = 'failed' returning id`,
      );
      if (rows.length) kick(queueId);
      return rows.length === 1;
    },
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
