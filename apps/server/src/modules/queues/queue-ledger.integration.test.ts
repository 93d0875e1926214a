import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { queueLedger, queues } from '../../db/schema';
import { createTestDatabase } from '../../test/test-database';
import { hasRedisServer, startRedisServer, type TestRedisServer } from '../../test/redis-server';
import { until } from '../../test/until';
import { withLedger } from './drivers/ledgered-message-driver';
import { DuplicateMessageError, type QueueMessage } from './drivers/message-queue-driver';
import { insertTestQueue } from './drivers/queue-row.fixture';
import { createRedisMessageDriver, type RedisMessageDriver } from './drivers/redis-message-driver';
import { createBatchedLedger, createQueueLedgerRepository } from './queue-ledger.repository';
import { createLedgerReconciler, type RestoreReport } from './queue-ledger-reconciler';
import { createQueueRestoresRepository } from './queue-restores.repository';

if (!hasRedisServer)
  console.warn('Registro das filas no Redis: redis-server ausente, testes ignorados.');

describe.skipIf(!hasRedisServer)('the ledger of the messages kept in Redis', () => {
  let redis: TestRedisServer;
  let database: DatabaseHandle;
  beforeAll(async () => {
    [redis, database] = await Promise.all([startRedisServer(), createTestDatabase('embedded')]);
  });
  afterAll(async () => {
    await database?.close();
    await redis?.close();
  });

  const opened: RedisMessageDriver[] = [];
  // Each case starts from nothing: the reconciliation reads every queue of the database.
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((driver) => driver.close()));
    await database.db.delete(queues);
    await redis.flushAll();
  });
  const by = { workspaceId: 'ws-filas', publisher: 'Fluxo publicador' };

  /** The Redis driver with its ledger, and the reconciliation of that ledger. */
  async function open() {
    const raw = createRedisMessageDriver({ url: redis.url, prefix: 'ponte' });
    opened.push(raw);
    await raw.start();
    const repository = createQueueLedgerRepository(database.db);
    const failures: unknown[] = [];
    const driver = withLedger(raw, createBatchedLedger(repository), (error) =>
      failures.push(error),
    );
    const reports: RestoreReport[] = [];
    const reconciler = createLedgerReconciler({
      store: raw.ledgerStore,
      repository,
      restores: createQueueRestoresRepository(database.db),
      now: () => new Date(),
      graceMs: 0,
      onRestored: (report) => reports.push(report),
      onError: (error) => failures.push(error),
    });
    return { raw, driver, reconciler, reports, failures };
  }
  const rowsOf = async (queueId: string) =>
    (
      await database.db
        .select({ id: queueLedger.id })
        .from(queueLedger)
        .where(eq(queueLedger.queueId, queueId))
    ).map((row) => row.id);

  it('publishes again, once, with its id and times, a delayed message Redis lost', async () => {
    const { driver, reconciler, reports } = await open();
    const queueId = await insertTestQueue(database.db);
    const published = await driver.publish(queueId, {
      ...by,
      message: { pedido: 1 },
      delayMs: 600_000,
      dedupKey: 'pedido-1',
    });
    // Redis still has it: nothing to do.
    expect(await reconciler.runOnce()).toBe(0);

    await redis.flushAll();
    expect(await driver.get(queueId, published.id)).toBeNull();
    expect(await reconciler.runOnce()).toBe(1);
    expect(await driver.get(queueId, published.id)).toMatchObject({
      id: published.id,
      state: 'delayed',
      message: { pedido: 1 },
      publisher: 'Fluxo publicador',
      publishedAt: published.publishedAt,
      runAt: published.runAt,
      delayed: true,
      dedupKey: 'pedido-1',
    });
    expect(reports).toMatchObject([{ queueId, workspaceId: 'ws-filas', restored: 1 }]);
    // The key holds again, and a second pass finds nothing missing.
    await expect(
      driver.publish(queueId, { ...by, message: 2, dedupKey: 'pedido-1' }),
    ).rejects.toBeInstanceOf(DuplicateMessageError);
    expect(await reconciler.runOnce()).toBe(0);
  });

  it('delivers each restored message once, and forgets it when it ends', async () => {
    const { driver, reconciler } = await open();
    const queueId = await insertTestQueue(database.db);
    await driver.setRate(queueId, 0);
    const first = await driver.publish(queueId, { ...by, message: 'a' });
    const second = await driver.publish(queueId, { ...by, message: 'b' });
    await redis.flushAll();
    expect(await reconciler.runOnce()).toBe(2);

    const seen: QueueMessage[] = [];
    const consumer = driver.consume(queueId, async (message) => void seen.push(message), {
      concurrency: 2,
    });
    await until(async () => (await rowsOf(queueId)).length === 0, 'as mensagens terminarem');
    await consumer.stop(0);
    expect(seen.map((message) => [message.id, message.message])).toEqual([
      [first.id, 'a'],
      [second.id, 'b'],
    ]);
    expect(await reconciler.runOnce()).toBe(0);
  });

  it('gives a queue whose Redis lost everything its pause and its rate back', async () => {
    const { driver, reconciler } = await open();
    const queueId = await insertTestQueue(database.db);
    await driver.setRate(queueId, 7);
    await driver.pause(queueId);
    await database.db
      .update(queues)
      .set({ paused: true, maxPerSecond: 7 })
      .where(eq(queues.id, queueId));
    const waiting = await driver.publish(queueId, { ...by, message: 'parada' });
    await redis.flushAll();
    expect(await driver.isPaused(queueId)).toBe(false);

    expect(await reconciler.runOnce()).toBe(1);
    expect(await driver.isPaused(queueId)).toBe(true);
    expect(await driver.get(queueId, waiting.id)).toMatchObject({ state: 'paused' });
    const reader = new Redis(redis.url);
    expect(await reader.get(`ponte:q-${queueId}:ponte-rate`)).toBe('7');
    reader.disconnect();
  });

  it('keeps no row of a message removed, cleaned or refused, and brings none back', async () => {
    const { driver, reconciler } = await open();
    const queueId = await insertTestQueue(database.db);
    const removed = await driver.publish(queueId, { ...by, message: 1, delayMs: 60_000 });
    await driver.publish(queueId, { ...by, message: 2, delayMs: 60_000, dedupKey: 'chave' });
    await driver.publish(queueId, { ...by, message: 3 });
    await expect(
      driver.publish(queueId, { ...by, message: 4, dedupKey: 'chave' }),
    ).rejects.toBeInstanceOf(DuplicateMessageError);
    expect(await rowsOf(queueId)).toHaveLength(3);

    expect(await driver.remove(queueId, removed.id)).toBe(true);
    expect(await driver.clean(queueId)).toBe(2);
    expect(await rowsOf(queueId)).toEqual([]);
    await redis.flushAll();
    expect(await reconciler.runOnce()).toBe(0);
  });

  it('drops the row of a message that ended while the database was away', async () => {
    const { raw, driver, reconciler } = await open();
    const queueId = await insertTestQueue(database.db);
    await driver.setRate(queueId, 0);
    const published = await driver.publish(queueId, { ...by, message: 'feito' });
    // Consumed without the ledger hearing of it.
    const consumer = raw.consume(queueId, async () => undefined, { concurrency: 1 });
    await until(
      async () => (await driver.get(queueId, published.id))?.state === 'completed',
      'a mensagem terminar',
    );
    await consumer.stop(0);
    expect(await rowsOf(queueId)).toEqual([published.id]);
    expect(await reconciler.runOnce()).toBe(0);
    expect(await rowsOf(queueId)).toEqual([]);
  });
});
