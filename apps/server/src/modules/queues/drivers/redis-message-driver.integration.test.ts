import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/client';
import { createTestDatabase } from '../../../test/test-database';
import { messageQueueDriverContract } from './message-queue-driver.contract';
import { insertTestQueue } from './queue-row.fixture';
import { createRedisMessageDriver, type RedisMessageDriver } from './redis-message-driver';

const redisUrl = process.env.PONTE_TEST_REDIS_URL;
if (!redisUrl) {
  console.warn('Driver Redis das filas: PONTE_TEST_REDIS_URL ausente, testes ignorados.');
}

describe.skipIf(!redisUrl)('redis message driver', () => {
  // Every run has its own key prefix, and deletes its keys at the end.
  const prefix = `ponte-teste-${randomUUID()}`;
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await database?.close();
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });
  // A short lock and stalled check keep the crash recovery quick.
  const open = async () =>
    createRedisMessageDriver({
      url: redisUrl!,
      prefix,
      lockDurationMs: 1000,
      stalledIntervalMs: 300,
    });

  it('starts on a Redis that never evicts', async () => {
    const driver = await open();
    await expect(driver.start()).resolves.toBeUndefined();
    await driver.close();
  });

  messageQueueDriverContract(() => ({
    open,
    reopen: open,
    createQueue: () => insertTestQueue(database.db),
    abandon: async (dead) => (dead as RedisMessageDriver).abandon(),
  }));
});
