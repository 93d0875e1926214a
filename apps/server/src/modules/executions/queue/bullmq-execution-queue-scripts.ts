import type { Redis, Result } from 'ioredis';
import type { BullmqExecutionQueue } from './bullmq-execution-queue-jobs';

/**
 * The fair-share tag of a new job (docs/adr/0064): start-time fair queuing over BullMQ
 * priorities. The queue keeps a virtual time; each workspace keeps the tag of its last job. A
 * new job is tagged max(virtual time, the workspace's last tag) + 1, so a workspace that
 * enqueued 50 jobs has tags 1..50 and one that then enqueues 2 gets 1 and 2: they interleave.
 *
 * KEYS: virtual time, workspace tags (hash). ARGV: workspace id. Answers the tag.
 */
const tagScript = `
local vt = tonumber(redis.call('GET', KEYS[1]) or '0')
local last = tonumber(redis.call('HGET', KEYS[2], ARGV[1]) or '0')
local tag = math.max(vt, last) + 1
redis.call('HSET', KEYS[2], ARGV[1], tag)
return tag
`;

/**
 * The start grant of a job, one atomic step on the Redis clock. With a concurrency limit, the
 * key's holders (job id -> lease expiry, ms) lose their expired entries; a job already holding
 * a place keeps it (a stalled job delivered again), else it takes a free one or is parked (its
 * id at the end of the key's parked list, once). A granted start moves the virtual time to the
 * job's tag (or resets the fair share once nothing waits) and counts the start.
 *
 * KEYS: virtual time, workspace tags, wait list, prioritized set, holders, parked list, parked
 * set, job hash. ARGV: job id, tag, limit, lease ms. Answers {1, attempts} or {0, 0}.
 */
const grantScript = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local limit = tonumber(ARGV[3])
if limit > 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[5], '-inf', now)
  if not redis.call('ZSCORE', KEYS[5], ARGV[1]) and redis.call('ZCARD', KEYS[5]) >= limit then
    if not redis.call('LPOS', KEYS[6], ARGV[1]) then
      redis.call('RPUSH', KEYS[6], ARGV[1])
    end
    redis.call('SADD', KEYS[7], ARGV[1])
    return {0, 0}
  end
  redis.call('ZADD', KEYS[5], now + tonumber(ARGV[4]), ARGV[1])
  redis.call('LREM', KEYS[6], 0, ARGV[1])
  redis.call('SREM', KEYS[7], ARGV[1])
end
if redis.call('LLEN', KEYS[3]) == 0 and redis.call('ZCARD', KEYS[4]) == 0 then
  redis.call('DEL', KEYS[1], KEYS[2])
else
  local tag = tonumber(ARGV[2])
  if tag > tonumber(redis.call('GET', KEYS[1]) or '0') then
    redis.call('SET', KEYS[1], tag)
  end
end
local attempts = redis.call('HINCRBY', KEYS[8], 'ponteStarts', 1)
return {1, attempts}
`;

/**
 * Renews the places of running jobs (KEYS: holders, one per job; ARGV: lease ms, then the job
 * ids in the same order). A place that already ran out is not taken back.
 */
const renewScript = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, 'XX', now + tonumber(ARGV[1]), ARGV[i + 1])
end
return #KEYS
`;

/**
 * Gives a place back and takes the first parked job of the key off the parked list, to be
 * promoted. KEYS: holders, parked list, parked set. ARGV: job id ('' when only popping).
 * Answers the parked job's id or false.
 */
const releaseScript = `
if ARGV[1] ~= '' then
  redis.call('ZREM', KEYS[1], ARGV[1])
end
local next = redis.call('LPOP', KEYS[2])
if next then
  redis.call('SREM', KEYS[3], next)
end
return next
`;

/** Whether the key has a free place now. KEYS: holders. ARGV: limit. Answers 1 or 0. */
const roomScript = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[1]) then
  return 1
end
return 0
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    ponteExecTag(vtKey: string, tagsKey: string, workspaceId: string): Result<number, Context>;
    ponteExecGrant(...args: (string | number)[]): Result<number[], Context>;
    ponteExecRenew(...args: (string | number)[]): Result<number, Context>;
    ponteExecRelease(
      holders: string,
      parked: string,
      parkedSet: string,
      jobId: string,
    ): Result<string | null, Context>;
    ponteExecRoom(holders: string, limit: number): Result<number, Context>;
  }
}

/** Registers the driver's scripts on a connection (EVALSHA, loaded on first use). */
export function defineExecutionScripts(redis: Redis) {
  redis.defineCommand('ponteExecTag', { numberOfKeys: 2, lua: tagScript });
  redis.defineCommand('ponteExecGrant', { numberOfKeys: 8, lua: grantScript });
  redis.defineCommand('ponteExecRenew', { lua: renewScript });
  redis.defineCommand('ponteExecRelease', { numberOfKeys: 3, lua: releaseScript });
  redis.defineCommand('ponteExecRoom', { numberOfKeys: 1, lua: roomScript });
}

/** BullMQ priorities stop at 2^21: past it, jobs keep the last priority (FIFO among them). */
const maxPriority = 2_097_151;

/** The fair-share tag, as a BullMQ priority, of a job of `workspaceId`. */
export async function tagExecutionJob(
  redis: Redis,
  handle: BullmqExecutionQueue,
  workspaceId: string,
) {
  const tag = await redis.ponteExecTag(handle.vtKey, handle.tagsKey, workspaceId);
  return Math.min(maxPriority, Math.max(1, Number(tag)));
}

export interface ExecutionGrantInput {
  jobId: string;
  tag: number;
  concurrencyKey: string | null;
  limit: number;
  leaseMs: number;
}

/** Asks the start of a job: `{granted, attempts}`; not granted, the job is parked. */
export async function grantExecutionStart(
  redis: Redis,
  handle: BullmqExecutionQueue,
  input: ExecutionGrantInput,
) {
  const key = input.concurrencyKey ?? '';
  const answer = await redis.ponteExecGrant(
    handle.vtKey,
    handle.tagsKey,
    handle.queue.keys.wait!,
    handle.queue.keys.prioritized!,
    handle.holdersKey(key),
    handle.parkedKey(key),
    handle.parkedSetKey,
    handle.jobKey(input.jobId),
    input.jobId,
    input.tag,
    input.concurrencyKey ? input.limit : 0,
    input.leaseMs,
  );
  return { granted: answer[0] === 1, attempts: Number(answer[1] ?? 0) };
}

/** Renews the places of these running jobs for another lease. */
export async function renewPlaces(
  redis: Redis,
  places: { holders: string; jobId: string }[],
  leaseMs: number,
) {
  if (places.length === 0) return;
  await redis.ponteExecRenew(
    places.length,
    ...places.map((place) => place.holders),
    leaseMs,
    ...places.map((place) => place.jobId),
  );
}

/** Gives the place of `jobId` back ('' only pops) and answers the next parked job, if any. */
export async function releasePlace(
  redis: Redis,
  handle: BullmqExecutionQueue,
  key: string,
  jobId: string,
): Promise<string | null> {
  return (
    (await redis.ponteExecRelease(
      handle.holdersKey(key),
      handle.parkedKey(key),
      handle.parkedSetKey,
      jobId,
    )) ?? null
  );
}

/** Whether the key has a free place right now. */
export async function hasRoom(
  redis: Redis,
  handle: BullmqExecutionQueue,
  key: string,
  limit: number,
) {
  return (await redis.ponteExecRoom(handle.holdersKey(key), limit)) === 1;
}
