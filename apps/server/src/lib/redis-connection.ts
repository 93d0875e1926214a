import type { ConnectionOptions } from 'bullmq';
import { Redis as RedisClient, type Redis } from 'ioredis';
import { messages } from '@ponte/shared/messages';

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
