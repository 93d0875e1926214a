import { sql } from 'drizzle-orm';
import { limits } from '@ponte/shared/limits';
import type { Database } from '../../../db/client';
import type {
  EmbeddedMessageTimings,
  LocalMessageConsumer,
  RunningMessage,
} from './embedded-message-consumer';
import { millis } from './embedded-message-rows';

/**
 * The embedded driver's periodic work: the leases of this process's running messages are
 * renewed every third of a lease; completed messages beyond the newest
 * `limits.queueCompletedKept`, or older than `limits.queueCompletedKeptMs`, are forgotten.
 */
export function startMessageUpkeep(
  db: Database,
  timings: EmbeddedMessageTimings,
  parts: {
    running: Map<string, RunningMessage>;
    consumers: Set<LocalMessageConsumer>;
    trimMs: number;
    completedKept?: number;
    completedKeptMs?: number;
  },
) {
  const { running, consumers } = parts;
  const kept = parts.completedKept ?? limits.queueCompletedKept;
  const keptMs = parts.completedKeptMs ?? limits.queueCompletedKeptMs;
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
        and status = 'completed' and (finished_at < now() - ${millis(keptMs)}
          or id in (select id from queue_messages where queue_id = ${queueId}
            and status = 'completed' order by finished_at desc, seq desc offset ${kept}))`);
    }
  };
  const renewTimer = setInterval(
    () => void renew().catch(() => undefined),
    Math.max(10, timings.leaseMs / 3),
  );
  const trimTimer = setInterval(() => void trim().catch(() => undefined), parts.trimMs);
  renewTimer.unref();
  trimTimer.unref();

  return { renewTimer, trimTimer, trim };
}
