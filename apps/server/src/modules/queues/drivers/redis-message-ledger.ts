import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { MessageLedgerStore } from './message-ledger';
import { publishMessage, restoreMessage } from './redis-message-publish';
import type { RedisMessageQueue } from './redis-message-jobs';

/** Ids asked of Redis in one round trip. */
const inspectBatch = 500;

/**
 * The Redis driver's side of the ledger (docs/adr/0072): publishing with the ledger's id, the
 * ids a clean removes, which ledger ids Redis lost, and putting them back.
 */
export function createRedisLedgerStore(
  redis: Redis,
  prefix: string,
  handleOf: (queueId: string) => Promise<RedisMessageQueue>,
  promoteDue: (handle: RedisMessageQueue) => Promise<void>,
): MessageLedgerStore {
  const passKey = `${prefix}:ponte-ledger-pass`;
  const token = randomUUID();
  return {
    async publishAs(entry) {
      const handle = await handleOf(entry.queueId);
      await promoteDue(handle);
      return publishMessage(redis, handle, entry);
    },
    async cleanIds(queueId) {
      const handle = await handleOf(queueId);
      await promoteDue(handle);
      const ids = await handle.queue.getRanges(['wait', 'prioritized', 'delayed'], 0, -1);
      await handle.queue.drain(true);
      return [...new Set(ids)];
    },
    async inspect(queueId, ids) {
      const handle = await handleOf(queueId);
      const { completed, failed } = handle.queue.keys;
      const missing: string[] = [];
      const settled: string[] = [];
      for (let start = 0; start < ids.length; start += inspectBatch) {
        const batch = ids.slice(start, start + inspectBatch);
        const pipeline = redis.pipeline();
        for (const id of batch) {
          pipeline.exists(handle.jobKey(id)).zscore(completed!, id).zscore(failed!, id);
        }
        const answers = (await pipeline.exec()) ?? [];
        batch.forEach((id, i) => {
          const [exists, done, fail] = answers.slice(i * 3, i * 3 + 3).map(([error, value]) => {
            if (error) throw error;
            return value;
          });
          if (!exists) missing.push(id);
          else if (done !== null || fail !== null) settled.push(id);
        });
      }
      return { missing, settled };
    },
    async restore(entry) {
      await restoreMessage(redis, await handleOf(entry.queueId), entry);
    },
    async applySettings(queueId, { maxPerSecond, paused }) {
      const handle = await handleOf(queueId);
      const rate = String(Math.max(0, maxPerSecond));
      if ((await redis.get(handle.rateKey)) !== rate) await redis.set(handle.rateKey, rate);
      if ((await handle.queue.isPaused()) === paused) return;
      if (paused) await handle.queue.pause();
      else await handle.queue.resume();
    },
    async claimPass(ms) {
      return (await redis.set(passKey, token, 'PX', Math.max(1, Math.round(ms)), 'NX')) === 'OK';
    },
    async releasePass() {
      await redis.ponteUnlock(passKey, token);
    },
  };
}
