// A Ponte process that is about to crash (run with `node --import tsx`): it opens the database
// named by its first argument (a postgres:// URL), consumes the queue named
// in the second argument (JSON: workspaceId, queueId, count, leaseMs) with its consumer flow,
// publishes `count` messages (every third delayed 2 to 4 s), waits until some are running while
// others still wait, prints the message ids as one JSON line and stays up until it is killed.
import { createTestNodes } from '@ponte/engine/testing/test-nodes';
import { openPostgres } from '../db/client';
import { createQueueConsumers } from '../modules/queues/queue-consumers';
import { openMessageDriver } from './queue-fixtures';
import { createSecondRunner } from './second-runner';

const [database = '', argument = '{}'] = process.argv.slice(2);
const { workspaceId, queueId, count, leaseMs } = JSON.parse(argument) as {
  workspaceId: string;
  queueId: string;
  count: number;
  leaseMs: number;
};
const handle = await openPostgres(database);
const driver = openMessageDriver(handle.db, { leaseMs });
await driver.start();
const { runner } = createSecondRunner(handle.db, {
  nodes: createTestNodes().nodes,
  concurrency: 50,
});
await runner.start();
await createQueueConsumers({ db: handle.db, driver, runner }).start();
const ids: string[] = [];
for (let n = 0; n < count; n++) {
  const delayMs = n % 3 === 0 ? 2_000 + (n % 5) * 500 : 0;
  const message = { workspaceId, message: { n }, publisher: 'Manual', delayMs };
  ids.push((await driver.publish(queueId, message)).id);
}
for (;;) {
  const counts = await driver.counts(queueId);
  if (counts.active > 0 && counts.waiting + counts.delayed > 0 && counts.completed > 0) break;
  await new Promise((resolve) => setTimeout(resolve, 10));
}
process.stdout.write(`${JSON.stringify({ ids })}\n`);
setInterval(() => undefined, 60_000);
