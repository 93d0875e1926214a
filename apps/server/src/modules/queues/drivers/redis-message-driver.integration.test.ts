import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/client';
import { createTestDatabase } from '../../../test/test-database';
import { until } from '../../../test/until';
import { DuplicateMessageError, type QueueMessage } from './message-queue-driver';
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
    database = await createTestDatabase('embedded');
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

  const opened: RedisMessageDriver[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((driver) => driver.close()));
  });
  const started = async () => {
    const driver = await open();
    opened.push(driver);
    await driver.start();
    return driver;
  };
  const by = { workspaceId: 'ws-redis', publisher: 'Fluxo publicador' };

  it('frees a dedup key when its message is removed or cleaned', async () => {
    const driver = await started();
    const queueId = await insertTestQueue(database.db);
    const first = await driver.publish(queueId, { ...by, message: 1, dedupKey: 'pedido-1' });
    await expect(
      driver.publish(queueId, { ...by, message: 2, dedupKey: 'pedido-1' }),
    ).rejects.toBeInstanceOf(DuplicateMessageError);
    expect(await driver.remove(queueId, first.id)).toBe(true);
    await driver.publish(queueId, { ...by, message: 3, dedupKey: 'pedido-1', delayMs: 60_000 });
    expect(await driver.clean(queueId)).toBe(1);
    const again = await driver.publish(queueId, { ...by, message: 4, dedupKey: 'pedido-1' });
    expect(await driver.get(queueId, again.id)).toMatchObject({ state: 'waiting', message: 4 });
  });

  it('pages the pending messages over their states, due ones first, oldest first', async () => {
    const driver = await started();
    const queueId = await insertTestQueue(database.db);
    await driver.publish(queueId, { ...by, message: 'depois', delayMs: 120_000 });
    await driver.publish(queueId, { ...by, message: 'logo', delayMs: 60_000 });
    for (const message of ['a', 'b', 'c']) await driver.publish(queueId, { ...by, message });
    const page = async (n: number) => {
      const listed = await driver.list(queueId, {
        states: ['paused', 'waiting', 'delayed'],
        page: n,
        limit: 2,
      });
      expect(listed.total).toBe(5);
      return listed.items.map((item) => [item.message, item.state]);
    };
    expect(await page(1)).toEqual([
      ['a', 'waiting'],
      ['b', 'waiting'],
    ]);
    expect(await page(2)).toEqual([
      ['c', 'waiting'],
      ['logo', 'delayed'],
    ]);
    expect(await page(3)).toEqual([['depois', 'delayed']]);
  });

  it('counts one attempt per start, not per start the rate refused', async () => {
    const driver = await started();
    const queueId = await insertTestQueue(database.db);
    await driver.setRate(queueId, 4);
    for (let i = 0; i < 6; i++) await driver.publish(queueId, { ...by, message: i });
    const seen: QueueMessage[] = [];
    const consumer = driver.consume(queueId, async (message) => void seen.push(message), {
      concurrency: 6,
    });
    await until(() => seen.length === 6, 'as seis mensagens');
    await consumer.stop(0);
    expect(seen.map((message) => message.attempts)).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('shares the rate set by one process with another one', async () => {
    const setter = await started();
    const consumer = await started();
    const queueId = await insertTestQueue(database.db);
    await setter.setRate(queueId, 0);
    for (let i = 0; i < 10; i++) await setter.publish(queueId, { ...by, message: i });
    const starts: number[] = [];
    const running = consumer.consume(
      queueId,
      async (message) => {
        starts.push(message.startedAt!.getTime());
      },
      { concurrency: 4 },
    );
    await until(() => starts.length === 10, 'as dez mensagens');
    await running.stop(0);
    // Without the shared rate the consumer would hold the default, one start per second.
    const first = Math.min(...starts);
    expect(starts.filter((at) => at - first < 1000).length).toBeGreaterThan(1);
  });

  messageQueueDriverContract(() => ({
    open,
    reopen: open,
    createQueue: () => insertTestQueue(database.db),
    abandon: async (dead) => (dead as RedisMessageDriver).abandon(),
  }));
});
