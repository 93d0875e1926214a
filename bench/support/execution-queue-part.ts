// One part of bench/execution-queue.mjs, bundled and run as its own process:
//   embedded <jobs> <concurrency> <waitMs>       enqueue and consume in one process (embedded driver)
//   consume <url> <prefix> <queue> <concurrency> <waitMs>  a BullMQ consumer process; prints its
//                                                 count of finished jobs on each line of stdin
//   enqueue <url> <prefix> <queue> <jobs>        enqueues, 20 at a time; prints the ms taken
import { createInterface } from 'node:readline';
import { openBenchDatabase } from './bench-database.ts';
import { createBullmqExecutionQueueDriver } from '../../apps/server/src/modules/executions/queue/bullmq-execution-queue-driver.ts';
import { createEmbeddedExecutionQueueDriver } from '../../apps/server/src/modules/executions/queue/embedded-execution-queue-driver.ts';
import type { ExecutionQueueDriver } from '../../apps/server/src/modules/executions/queue/execution-queue-driver.ts';

const [mode, ...args] = process.argv.slice(2);
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function enqueueAll(driver: ExecutionQueueDriver, queue: string, jobs: number) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next < jobs) {
        const i = next++;
        await driver.enqueue(queue, { workspaceId: `ws-${i % 4}`, payload: { i } });
      }
    }),
  );
  return performance.now() - started;
}

async function embedded(jobs: number, concurrency: number, waitMs: number) {
  const { handle, cleanup } = await openBenchDatabase('ponte-exec-queue', null);
  const driver = createEmbeddedExecutionQueueDriver(handle.db);
  let done = 0;
  let finished!: () => void;
  const all = new Promise<void>((resolve) => (finished = resolve));
  const consumer = driver.consume(
    'bench',
    async () => {
      if (waitMs > 0) await wait(waitMs);
      if (++done === jobs) finished();
    },
    { concurrency },
  );
  const started = performance.now();
  const enqueueMs = await enqueueAll(driver, 'bench', jobs);
  await all;
  const totalMs = performance.now() - started;
  await consumer.stop(0);
  await driver.close();
  await handle.close();
  await cleanup();
  console.log(JSON.stringify({ enqueueMs, totalMs }));
}

async function consume(
  url: string,
  prefix: string,
  queue: string,
  concurrency: number,
  waitMs: number,
) {
  const driver = createBullmqExecutionQueueDriver({ url, prefix });
  await driver.start();
  let done = 0;
  const consumer = driver.consume(
    queue,
    async () => {
      if (waitMs > 0) await wait(waitMs);
      done++;
    },
    { concurrency },
  );
  console.log('ready');
  for await (const line of createInterface({ input: process.stdin })) {
    if (line === 'stop') break;
    console.log(String(done));
  }
  await consumer.stop(0);
  await driver.close();
}

async function enqueue(url: string, prefix: string, queue: string, jobs: number) {
  const driver = createBullmqExecutionQueueDriver({ url, prefix });
  await driver.start();
  const enqueueMs = await enqueueAll(driver, queue, jobs);
  await driver.close();
  console.log(JSON.stringify({ enqueueMs }));
}

if (mode === 'embedded') await embedded(Number(args[0]), Number(args[1]), Number(args[2]));
else if (mode === 'consume')
  await consume(args[0]!, args[1]!, args[2]!, Number(args[3]), Number(args[4]));
else if (mode === 'enqueue') await enqueue(args[0]!, args[1]!, args[2]!, Number(args[3]));
else throw new Error(`modo desconhecido: ${mode}`);
