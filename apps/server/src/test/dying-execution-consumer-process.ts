// A worker process about to be killed with -9 (run with `node --import tsx`): it consumes the
// queue named by its third argument from the BullMQ driver on Redis (URL, key prefix, queue,
// timings as JSON), with a handler that never ends; prints the id of the job it holds as one line
// and stays up until it is killed.
import { createBullmqExecutionQueueDriver } from '../modules/executions/queue/bullmq-execution-queue-driver';

const [url = '', prefix = '', queue = '', timings = '{}'] = process.argv.slice(2);
const driver = createBullmqExecutionQueueDriver({
  url,
  prefix,
  ...(JSON.parse(timings) as object),
});
await driver.start();
driver.consume(
  queue,
  (job) => {
    process.stdout.write(`${job.id}\n`);
    return new Promise<void>(() => undefined);
  },
  { concurrency: 1 },
);
setInterval(() => undefined, 60_000);
