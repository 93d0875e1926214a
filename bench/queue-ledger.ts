// What the ledger of the internal queues on Redis costs (docs/adr/0072): publishes one at a time
// (µs per publish) and 20 in flight (publish/s), then the same messages consumed (consumed/s),
// through the Redis message driver alone and through it with the ledger (one insert per publish,
// one delete per end), in alternating rounds on the same Redis and database.
// Usage: node bench/run-ts.mjs bench/queue-ledger.ts [messages=2000] [postgres-url]
// Redis: a redis-server of the bench's own on a free port (nothing saved), stopped after. The
// database: a fresh one on the URL's server (or PONTE_TEST_DATABASE_URL), else PGlite.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { openBenchDatabase } from './support/bench-database.ts';
import { customers, queues, workspaces } from '../apps/server/src/db/schema.ts';
import type { MessageQueueDriver } from '../apps/server/src/modules/queues/drivers/message-queue-driver.ts';
import { withLedger } from '../apps/server/src/modules/queues/drivers/ledgered-message-driver.ts';
import { createRedisMessageDriver } from '../apps/server/src/modules/queues/drivers/redis-message-driver.ts';
import {
  createBatchedLedger,
  createQueueLedgerRepository,
} from '../apps/server/src/modules/queues/queue-ledger.repository.ts';

const total = Number(process.argv[2] ?? 2000);
const serverUrl = process.argv[3] ?? process.env.PONTE_TEST_DATABASE_URL ?? null;
const rounds = 3;
const inFlight = 20;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const port = await freePort();
const redisServer = spawn(
  'redis-server',
  ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
  { stdio: 'ignore' },
);
const url = `redis://127.0.0.1:${port}`;
const probe = new Redis(url, { retryStrategy: () => 50 });
probe.on('error', () => undefined);
while ((await probe.ping().catch(() => null)) !== 'PONG')
  await new Promise((r) => setTimeout(r, 50));

const { handle, cleanup } = await openBenchDatabase('ponte-queue-ledger', serverUrl);
const db = handle.db;
await db.insert(customers).values({ id: 'c', name: 'Cliente' });
await db.insert(workspaces).values({ id: 'ws', customerId: 'c', name: 'Bench' });

const raw = createRedisMessageDriver({ url, prefix: 'bench' });
await raw.start();
const ledgered = withLedger(raw, createBatchedLedger(createQueueLedgerRepository(db)), (error) =>
  console.error(error),
);
const by = { workspaceId: 'ws', publisher: 'bench' };

async function newQueue(driver: MessageQueueDriver): Promise<string> {
  const id = randomUUID();
  await db.insert(queues).values({ id, workspaceId: 'ws', customerId: 'c', name: id });
  await driver.setRate(id, 0);
  await driver.pause(id);
  return id;
}

/** One round on `driver`: µs per publish one at a time, publish/s 20 in flight, consumed/s. */
async function round(driver: MessageQueueDriver) {
  const queueId = await newQueue(driver);
  let start = performance.now();
  for (let i = 0; i < total; i++) await driver.publish(queueId, { ...by, message: { i } });
  const serialUs = ((performance.now() - start) * 1000) / total;
  start = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < total) {
        next += 1;
        await driver.publish(queueId, { ...by, message: { i: next } });
      }
    }),
  );
  const publishPerSecond = total / ((performance.now() - start) / 1000);
  let done = 0;
  let finished!: () => void;
  const allDone = new Promise<void>((resolve) => (finished = resolve));
  const consumer = driver.consume(
    queueId,
    async () => {
      done += 1;
      if (done === 2 * total) finished();
    },
    { concurrency: 10 },
  );
  start = performance.now();
  await driver.resume(queueId);
  await allDone;
  const consumedPerSecond = (2 * total) / ((performance.now() - start) / 1000);
  await consumer.stop(0);
  return { serialUs, publishPerSecond, consumedPerSecond };
}

const results: Record<string, Awaited<ReturnType<typeof round>>[]> = {
  'Redis sem registro': [],
  'Redis com registro': [],
};
for (let r = 0; r < rounds; r++) {
  const order =
    r % 2 === 0
      ? (['Redis sem registro', 'Redis com registro'] as const)
      : (['Redis com registro', 'Redis sem registro'] as const);
  for (const name of order) {
    results[name]!.push(await round(name === 'Redis com registro' ? ledgered : raw));
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(
  `${total} mensagens por rodada, ${rounds} rodadas, banco: ${serverUrl ? 'PostgreSQL' : 'PGlite'}`,
);
console.log(
  '| caso | µs por publicação (uma por vez) | publicações/s (20 em paralelo) | consumidas/s |',
);
console.log('| --- | ---: | ---: | ---: |');
for (const [name, runs] of Object.entries(results)) {
  const cells = [
    runs.map((run) => run.serialUs.toFixed(0)).join(' / ') +
      ` (mediana ${median(runs.map((run) => run.serialUs)).toFixed(0)})`,
    runs.map((run) => run.publishPerSecond.toFixed(0)).join(' / '),
    runs.map((run) => run.consumedPerSecond.toFixed(0)).join(' / '),
  ];
  console.log(`| ${name} | ${cells.join(' | ')} |`);
}

// The ends' deletes are not waited for by the consumer: the last ones land before closing.
while (
  ((await db.execute(sql`select count(*)::int as n from queue_ledger`)).rows[0] as { n: number }).n
)
  await new Promise((r) => setTimeout(r, 50));
await raw.close();
probe.disconnect();
redisServer.kill('SIGKILL');
await handle.close();
await cleanup();
