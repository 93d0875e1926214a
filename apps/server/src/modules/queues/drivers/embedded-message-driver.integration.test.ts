import { afterAll, beforeAll } from 'vitest';
import type { DatabaseHandle } from '../../../db/client';
import { createTestDatabase, describeEachDriver } from '../../../test/test-database';
import { createEmbeddedMessageDriver, type EmbeddedMessageDriver } from './embedded-message-driver';
import { messageQueueDriverContract } from './message-queue-driver.contract';
import { insertTestQueue } from './queue-row.fixture';

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
  }));
});
