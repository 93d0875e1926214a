import type { Redis, Result } from 'ioredis';
import { limits } from '@ponte/shared/limits';

/**
 * The start grant of a message (docs/adr/0034, "Redis driver"): one atomic step on the Redis
 * clock. With a rate, a queue keeps the moment its next start is allowed ("next start at", in
 * microseconds); a start before it is refused with the wait, a start at or after it moves it
 * one interval (1000/rate ms) on. A granted start counts the attempt, keeps its moment on the
 * job and frees the message's dedup key.
 *
 * KEYS: rate, next start at, dedup hash, job hash. ARGV: job id, dedup key ('' for none),
 * default rate. Answers {1, start in µs, attempts}, {0, wait in ms} or {2} (the job is gone).
 */
const grantScript = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
if redis.call('EXISTS', KEYS[4]) == 0 then
  return {2, 0}
end
local rate = tonumber(redis.call('GET', KEYS[1]) or ARGV[3])
if rate > 0 then
  local interval = math.ceil(1000000 / rate)
  local nextAt = tonumber(redis.call('GET', KEYS[2]) or '0')
  if now < nextAt then
    return {0, math.ceil((nextAt - now) / 1000)}
  end
  redis.call('SET', KEYS[2], string.format('%d', now + interval), 'PX', math.ceil(interval / 1000) + 1000)
end
local attempts = redis.call('HINCRBY', KEYS[4], 'ponteStarts', 1)
redis.call('HSET', KEYS[4], 'ponteStartedAt', string.format('%d', now))
redis.call('HDEL', KEYS[4], 'ponteExecutionId')
if ARGV[2] ~= '' and redis.call('HGET', KEYS[3], ARGV[2]) == ARGV[1] then
  redis.call('HDEL', KEYS[3], ARGV[2])
end
return {1, now, attempts}
`;

/** Frees a dedup key only while it still names this job. KEYS: dedup hash. ARGV: key, job id. */
const releaseScript = `
if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then
  return redis.call('HDEL', KEYS[1], ARGV[1])
end
return 0
`;

/** Deletes a key only while it still holds this process's token. KEYS: key. ARGV: token. */
const unlockScript = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    ponteGrant(
      rateKey: string,
      nextKey: string,
      dedupKey: string,
      jobKey: string,
      jobId: string,
      dedup: string,
      defaultRate: number,
    ): Result<number[], Context>;
    ponteRelease(dedupKey: string, key: string, jobId: string): Result<number, Context>;
    ponteUnlock(key: string, token: string): Result<number, Context>;
  }
}

export function defineMessageScripts(redis: Redis) {
  redis.defineCommand('ponteGrant', { numberOfKeys: 4, lua: grantScript });
  redis.defineCommand('ponteRelease', { numberOfKeys: 1, lua: releaseScript });
  redis.defineCommand('ponteUnlock', { numberOfKeys: 1, lua: unlockScript });
}

export type MessageGrant =
  | { granted: true; startedAt: Date; attempts: number }
  | { granted: false; waitMs: number }
  | { granted: false; gone: true };

export async function grantMessageStart(
  redis: Redis,
  keys: { rate: string; next: string; dedup: string; job: string },
  jobId: string,
  dedupKey: string | null,
): Promise<MessageGrant> {
  const answer = await redis.ponteGrant(
    keys.rate,
    keys.next,
    keys.dedup,
    keys.job,
    jobId,
    dedupKey ?? '',
    limits.queueMaxPerSecondDefault,
  );
  if (answer[0] === 1) {
    return {
      granted: true,
      startedAt: new Date(Math.floor(answer[1]! / 1000)),
      attempts: answer[2]!,
    };
  }
  if (answer[0] === 2) return { granted: false, gone: true };
  return { granted: false, waitMs: Math.max(1, answer[1]!) };
}
