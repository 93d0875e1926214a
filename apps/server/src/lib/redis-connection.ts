import type { ConnectionOptions } from 'bullmq';
import { Redis as RedisClient, type Redis } from 'ioredis';
import { messages } from '@ponte/shared/messages';
import { RedisUnavailableError } from './redis-unavailable';

/** The connection settings of a redis:// or rediss:// URL, for BullMQ's own connections. */
export function connectionOf(url: string): ConnectionOptions {
  const parsed = new URL(url);
  return {
    host: parsed.hostname || '127.0.0.1',
    port: Number(parsed.port || 6379),
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: Number(parsed.pathname.slice(1) || 0),
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}

/** The eviction policy the queues need: any other lets Redis drop jobs and messages. */
export function checkEvictionPolicy(policy: string): void {
  if (policy !== 'noeviction') throw new Error(messages.queues.redisEviction(policy));
}

/** The server's maxmemory-policy: CONFIG GET, or INFO where CONFIG is not allowed. */
export async function readEvictionPolicy(redis: Redis): Promise<string> {
  try {
    const answer = (await redis.config('GET', 'maxmemory-policy')) as string[];
    if (answer[1]) return answer[1];
  } catch {
    // Managed Redis services often forbid CONFIG; INFO tells the same.
  }
  const info = await redis.info('memory');
  const line = /maxmemory_policy:(\S+)/.exec(info);
  return line?.[1] ?? 'desconhecida';
}

/**
 * Checks at start that Redis answers and never evicts: a Redis that does not answer within
 * `timeoutMs` stops the start with a message, rather than a hang.
 */
export async function checkRedisAtStart(redis: Redis, timeoutMs = 8_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const silence = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(messages.queues.redisUnreachable)), timeoutMs);
  });
  try {
    checkEvictionPolicy(await Promise.race([readEvictionPolicy(redis), silence]));
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The same check on a connection of its own, closed after: the first thing a process of several
 * does (docs/adr/0063), so an unreachable Redis stops the start with its message before any
 * other part waits on it.
 */
export async function checkRedisUrlAtStart(url: string, timeoutMs?: number): Promise<void> {
  const redis = new RedisClient(url, { lazyConnect: true, maxRetriesPerRequest: null });
  redis.on('error', () => undefined);
  try {
    await checkRedisAtStart(redis, timeoutMs);
  } finally {
    redis.disconnect();
  }
}

/** How long a request's command waits for Redis to answer (a Redis that hangs) by default. */
export const redisCommandTimeoutMs = 5_000;

/**
 * A connection for the commands of requests (docs/adr/0072): a command sent while it is down
 * fails at once instead of waiting in the offline queue; one in flight fails when the
 * connection drops or after `commandTimeoutMs` without an answer (a Redis that hangs); the
 * connection keeps reconnecting in the background (every 2 s at most), so a Redis that comes
 * back is used again without a restart. Background work keeps connections that wait.
 */
export function requestConnection(url: string, options: { commandTimeoutMs?: number } = {}): Redis {
  const redis = new RedisClient(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: options.commandTimeoutMs ?? redisCommandTimeoutMs,
    retryStrategy: (times) => Math.min(times * 100, 2_000),
  });
  redis.on('error', () => undefined);
  return redis;
}

/**
 * Rejects with `RedisUnavailableError` unless the connection is up now (a request answers 503
 * at once). A connection never opened connects first: the first use after the start.
 */
export async function ensureReady(redis: Redis): Promise<void> {
  if (redis.status === 'wait') await redis.connect().catch(() => undefined);
  if (redis.status !== 'ready') throw new RedisUnavailableError();
}

/**
 * Connects a request connection and waits until it is up, at most `timeoutMs`: rejects with the
 * queues' pt-BR message otherwise (the start stops with it rather than hang).
 */
export async function untilReady(redis: Redis, timeoutMs = 8_000): Promise<void> {
  if (redis.status === 'ready') return;
  let timer: NodeJS.Timeout | undefined;
  let onReady: (() => void) | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      onReady = resolve;
      redis.once('ready', onReady);
      timer = setTimeout(() => reject(new Error(messages.queues.redisUnreachable)), timeoutMs);
      if (redis.status === 'wait') redis.connect().catch(() => undefined);
    });
  } finally {
    clearTimeout(timer);
    if (onReady) redis.off('ready', onReady);
  }
}
