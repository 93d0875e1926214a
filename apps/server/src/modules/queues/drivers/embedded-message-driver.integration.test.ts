import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/client';
import { createTestDatabase, describeEachDriver } from '../../../test/test-database';
import { createEmbeddedMessageDriver, type EmbeddedMessageDriver } from './embedded-message-driver';
import { messageQueueDriverContract } from './message-queue-driver.contract';
import { insertTestQueue } from './queue-row.fixture';
import { until } from '../../../test/until';

describeEachDriver('embedded message driver', (driver) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(async () => {
    await database?.close();
  });
  // A short lease and poll keep the crash recovery and the idle waits quick.
  const open = async () => createEmbeddedMessageDriver(database.db, { leaseMs: 600, pollMs: 100 });
  // Each test makes its own queues, so one database serves the whole suite.
  messageQueueDriverContract(() => ({
    open,
    reopen: open,
    createQueue: () => insertTestQueue(database.db),
    abandon: async (dead) => (dead as EmbeddedMessageDriver).abandon(),
    leaseMs: 600,
  }));

  it('forgets completed messages beyond the newest kept, and those kept too long', async () => {
    const byCount = createEmbeddedMessageDriver(database.db, {
      pollMs: 100,
      trimMs: 50,
      completedKept: 2,
    });
    const byAge = createEmbeddedMessageDriver(database.db, {
      pollMs: 100,
      trimMs: 50,
      completedKeptMs: 200,
    });
    const counted = await insertTestQueue(database.db);
    const aged = await insertTestQueue(database.db);
    await byCount.setRate(counted, 0);
    await byAge.setRate(aged, 0);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const message = { workspaceId: 'ws-filas', message: i, publisher: 'p' };
      ids.push((await byCount.publish(counted, message)).id);
      await byAge.publish(aged, message);
    }
    const consumers = [
      byCount.consume(counted, async () => undefined, { concurrency: 1 }),
      byAge.consume(aged, async () => undefined, { concurrency: 1 }),
    ];
    try {
      await until(async () => {
        const { waiting, active, completed } = await byCount.counts(counted);
        return waiting === 0 && active === 0 && completed === 2;
      }, 'ficarem só as duas últimas');
      const kept = await byCount.list(counted, { states: ['completed'], page: 1, limit: 10 });
      expect(kept.items.map((item) => item.id).sort()).toEqual(ids.slice(3).sort());
      await until(async () => {
        const { waiting, active, completed } = await byAge.counts(aged);
        return waiting === 0 && active === 0 && completed === 0;
      }, 'as concluídas antigas sumirem');
    } finally {
      await Promise.all(consumers.map((consumer) => consumer.stop(0)));
      await Promise.all([byCount.close(), byAge.close()]);
    }
  });
});
