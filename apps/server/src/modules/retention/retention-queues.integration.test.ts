import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { createTestDatabase } from '../../test/test-database';
import { until } from '../../test/until';
import { createEmbeddedMessageDriver } from '../queues/drivers/embedded-message-driver';
import type { MessageQueueDriver } from '../queues/drivers/message-queue-driver';
import { insertTestQueue } from '../queues/drivers/queue-row.fixture';
import { createRedisMessageDriver } from '../queues/drivers/redis-message-driver';
import { deleteMessages } from './rule-retention';

const redisUrl = process.env.PONTE_TEST_REDIS_URL;
const prefix = `ponte-teste-retencao-${randomUUID()}`;
const by = { workspaceId: 'ws-filas', publisher: 'Fluxo publicador' };

const drivers: [string, (db: DatabaseHandle) => MessageQueueDriver][] = [
  ['embutido', (database) => createEmbeddedMessageDriver(database.db, { pollMs: 50 })],
  ...(redisUrl
    ? [
        ['Redis', () => createRedisMessageDriver({ url: redisUrl, prefix })] as [
          string,
          () => MessageQueueDriver,
        ],
      ]
    : []),
];
if (!redisUrl) console.warn('Retenção das filas no Redis: PONTE_TEST_REDIS_URL ausente, ignorada.');

describe.each(drivers)('retention of queue messages [%s]', (_name, open) => {
  let database: DatabaseHandle;
  let driver: MessageQueueDriver;
  beforeAll(async () => {
    database = await createTestDatabase('embedded');
    driver = open(database);
    await driver.start();
  });
  afterAll(async () => {
    await driver?.close();
    await database?.close();
    if (redisUrl) {
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
  });

  it('removes the finished messages past the cutoff, counts their bytes, and keeps the waiting ones', async () => {
    const queueId = await insertTestQueue(database.db);
    const otherQueue = await insertTestQueue(database.db);
    for (const message of [{ ok: 1 }, { ok: 2 }, { falha: 3 }])
      await driver.publish(queueId, { ...by, message });
    await driver.publish(otherQueue, { ...by, message: { ok: 'outra' } });
    let ended = 0;
    const consumers = [queueId, otherQueue].map((id) =>
      driver.consume(
        id,
        async ({ message }) => {
          ended += 1;
          if ('falha' in (message as object)) throw new Error('recusada');
        },
        { concurrency: 1 },
      ),
    );
    await until(async () => {
      const counts = await driver.counts(queueId);
      return ended === 4 && counts.completed === 2 && counts.failed === 1;
    }, 'as mensagens terminarem');
    await Promise.all(consumers.map((consumer) => consumer.stop()));
    // Published after the consumers stopped: it waits, and stays.
    await driver.publish(queueId, { ...by, message: { esperando: true } });
    const measured =
      driver.kind === 'embedded'
        ? Number(
            (
              (await database.db.execute(
                sql`select sum(pg_column_size(m.*))::int as bytes from queue_messages m
                  where queue_id = ${queueId} and status in ('completed', 'failed')`,
              )) as unknown as { rows: { bytes: number }[] }
            ).rows[0]!.bytes,
          )
        : null;

    expect(await deleteMessages(driver, queueId, new Date(Date.now() - 60_000))).toEqual({
      removed: 0,
      bytes: 0,
    });
    const removal = await deleteMessages(driver, queueId, new Date(Date.now() + 60_000));
    expect(removal.removed).toBe(3);
    expect(removal.bytes).toBeGreaterThan(0);
    if (measured !== null) expect(removal.bytes).toBe(measured);
    expect(await driver.counts(queueId)).toMatchObject({ completed: 0, failed: 0, waiting: 1 });
    expect(await driver.counts(otherQueue)).toMatchObject({ completed: 1 });
  });
});
