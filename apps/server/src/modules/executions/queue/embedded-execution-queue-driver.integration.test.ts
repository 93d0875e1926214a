import { afterAll, beforeAll } from 'vitest';
import type { DatabaseHandle } from '../../../db/client';
import { createTestDatabase } from '../../../test/test-database';
import { describeEachDriver } from '../../../test/test-database';
import { createEmbeddedExecutionQueueDriver } from './embedded-execution-queue-driver';
import { executionQueueDriverContract } from './execution-queue-driver.contract';

describeEachDriver('embedded queue driver', (driver) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(async () => {
    await database?.close();
  });
  // Each test uses its own queue names, so one database serves the whole suite.
  executionQueueDriverContract(() => ({
    open: () => createEmbeddedExecutionQueueDriver(database.db),
    reopen: () => createEmbeddedExecutionQueueDriver(database.db),
  }));
});
