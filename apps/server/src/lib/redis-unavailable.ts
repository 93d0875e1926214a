/**
 * Why a Redis command failed, when Redis itself is the cause: it does not answer now
 * (`unreachable`: down, restarting, hung, loading its data) or it answers but refuses writes
 * (`refusing_writes`: MISCONF after a failed save, READONLY replica, NOREPLICAS, OOM with
 * noeviction). The same command may succeed once Redis is back (docs/adr/0072).
 */
export type RedisFailure = 'unreachable' | 'refusing_writes';

/** Thrown before a command when the request connection is not up now (nothing was sent). */
export class RedisUnavailableError extends Error {
  override name = 'RedisUnavailableError';
  constructor() {
    super('Redis connection is not ready');
  }
}

/** Replies of a Redis that refuses writes; the token opens the reply (a script's too). */
const refusals = /^(MISCONF|READONLY|NOREPLICAS|OOM)\b/;
/** Replies of a Redis that cannot take the command now. */
const busyReplies = /^(LOADING|MASTERDOWN|BUSY|CLUSTERDOWN|TRYAGAIN)\b/;

/** What ioredis (and BullMQ over it) say when a command could not reach Redis or got no answer. */
const connectionMessages = [
  "Stream isn't writeable and enableOfflineQueue options is false",
  'Command timed out',
  'Connection is closed.',
  'Reached the max retries per request limit',
];

interface MaybeRedisError {
  name?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/**
 * The Redis failure behind `error` (its cause chain and an AggregateError's errors searched),
 * or null when the error is about the command or its data, or not Redis's at all.
 */
export function redisFailureOf(error: unknown, depth = 0): RedisFailure | null {
  if (depth > 5 || error === null || typeof error !== 'object') return null;
  const candidate = error as MaybeRedisError;
  const name = typeof candidate.name === 'string' ? candidate.name : '';
  const message = typeof candidate.message === 'string' ? candidate.message : '';
  if (name === 'ReplyError') {
    if (refusals.test(message)) return 'refusing_writes';
    if (busyReplies.test(message)) return 'unreachable';
  }
  if (name === 'RedisUnavailableError' || name === 'MaxRetriesPerRequestError')
    return 'unreachable';
  if (connectionMessages.some((text) => message.startsWith(text))) return 'unreachable';
  if (Array.isArray(candidate.errors)) {
    for (const each of candidate.errors) {
      const failure = redisFailureOf(each, depth + 1);
      if (failure) return failure;
    }
  }
  return redisFailureOf(candidate.cause, depth + 1);
}
