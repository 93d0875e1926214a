import { Redis } from 'ioredis';

/**
 * A connection of its own that answers whether Redis answers a PING now. It never queues a
 * command while disconnected (a PING then fails at once) and reconnects in the background, so a
 * Redis that comes back is seen at the next probe.
 */
export function createRedisProbe(url: string) {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    retryStrategy: () => 1_000,
  });
  redis.on('error', () => undefined);
  return {
    async ping(): Promise<void> {
      if (redis.status === 'wait') await redis.connect();
      await redis.ping();
    },
    close(): void {
      redis.disconnect();
    },
  };
}

export type RedisProbe = ReturnType<typeof createRedisProbe>;
