import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestNodes } from '@ponte/engine/testing/test-nodes';
import type { DatabaseHandle } from '../../db/client';
import {
  addConsumerFlow,
  addQueue,
  executionsOfFlow,
  openMessageDriver,
  seedWorkspace,
} from '../../test/queue-fixtures';
import { createSecondRunner } from '../../test/second-runner';
import { createTestDatabase, describeEachDriver } from '../../test/test-database';
import { until } from '../../test/until';
import { createQueueConsumers } from './queue-consumers';

const { nodes } = createTestNodes();
const rate = 5;
const count = 50;

describeEachDriver('queue rate', (driver) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database.close());

  it('max_per_second 5 starts 50 messages in about 10 s, never more than 5 in a second', async () => {
    const workspace = await seedWorkspace(database.db);
    const queueId = await addQueue(database.db, workspace, { maxPerSecond: rate });
    const flowId = await addConsumerFlow(database.db, workspace.workspaceId, queueId, [
      { type: 'test_tag', params: { tag: 'ok' } },
    ]);
    const messages = openMessageDriver(database.db);
    await messages.start();
    const ponte = createSecondRunner(database.db, { nodes, concurrency: 20 });
    await ponte.runner.start();
    const consumers = createQueueConsumers({
      db: database.db,
      driver: messages,
      runner: ponte.runner,
    });
    try {
      for (let n = 0; n < count; n++)
        await messages.publish(queueId, {
          workspaceId: workspace.workspaceId,
          message: { n },
          publisher: 'Manual',
        });
      await consumers.start();
      const ended = async (atLeast: number) => {
        const rows = (await executionsOfFlow(database.db, flowId)).filter((row) => row.endedAt);
        return rows.length >= atLeast && rows;
      };
      // Halves, so each wait stays within `until`'s ten seconds.
      await until(() => ended(count / 2), 'metade das execuções');
      const rows = await until(() => ended(count), 'todas as execuções');
      expect(rows).toHaveLength(count);
      expect(rows.every((row) => row.status === 'success')).toBe(true);

      // Start times as the executions table records them (the queue's grant of each start).
      const starts = rows.map((row) => row.startedAt!.getTime()).sort((a, b) => a - b);
      // No window of 1000 ms holds more than 5 starts: any 6 consecutive starts span 1000 ms.
      const crowded = starts
        .slice(rate)
        .map((start, index) => start - starts[index]!)
        .filter((gap) => gap < 1000);
      expect(crowded).toEqual([]);
      // Starts are spaced by 200 ms: 49 gaps, 9.8 s from first to last. The spacing forbids
      // less (the 0.9 floor only absorbs clock rounding); a busy machine may start some late,
      // hence up to 1.5 times, measured on the recorded starts, not on the test's own clock.
      const expected = ((count - 1) * 1000) / rate;
      const ratio = (starts.at(-1)! - starts[0]!) / expected;
      expect(ratio).toBeGreaterThanOrEqual(0.9);
      expect(ratio).toBeLessThanOrEqual(1.5);
    } finally {
      await consumers.stop();
      await ponte.close();
      await messages.close();
    }
  }, 60_000);
});
