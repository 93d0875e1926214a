import { createServer, type AddressInfo } from 'node:net';
import { messages } from '@ponte/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/client';
import { createTestDatabase } from '../../../test/test-database';
import { messageDriverFromConfig } from './message-driver-from-config';
import { createRedisMessageDriver } from './redis-message-driver';
import { checkEvictionPolicy } from '../../../lib/redis-connection';

describe('message driver from the config', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase('embedded');
  });
  afterAll(async () => {
    await database?.close();
  });

  it('keeps the queues in the database without REDIS_URL, on Redis with it', async () => {
    const cluster = {
      role: 'all' as const,
      redisPrefix: 'ponte',
      leaseMs: 30_000,
      shutdownGraceMs: 20_000,
    };
    const embedded = messageDriverFromConfig(
      { redisUrl: null, cluster: { ...cluster, distributed: false } },
      database.db,
    );
    expect(embedded.kind).toBe('embedded');
    await embedded.close();
    // Nothing connects before start(): the address need not answer.
    const redis = messageDriverFromConfig(
      { redisUrl: 'redis://127.0.0.1:1', cluster: { ...cluster, distributed: false } },
      database.db,
    );
    expect(redis.kind).toBe('redis');
    await redis.close();
  });
});

describe('Redis eviction policy', () => {
  it('accepts noeviction only, telling why in Portuguese', () => {
    expect(() => checkEvictionPolicy('noeviction')).not.toThrow();
    for (const policy of ['allkeys-lru', 'volatile-lru', 'allkeys-random', 'volatile-ttl']) {
      expect(() => checkEvictionPolicy(policy)).toThrow(
        `O Redis das filas internas precisa de maxmemory-policy noeviction (está em ${policy})`,
      );
    }
  });
});

describe('a Redis that does not answer', () => {
  it('stops the start with a message in Portuguese instead of hanging', async () => {
    // A port nothing listens on: every connection is refused, and ioredis keeps retrying.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const driver = createRedisMessageDriver({
      url: `redis://127.0.0.1:${port}`,
      startTimeoutMs: 300,
    });
    await expect(driver.start()).rejects.toThrow(messages.queues.redisUnreachable);
    await driver.close();
  });
});
