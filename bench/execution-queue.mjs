#!/usr/bin/env node
// Executions through the queue driver (docs/adr/0064): jobs/s from the first enqueue to the last
// job finished, on the embedded driver (one process, the embedded PostgreSQL) and on the BullMQ
// driver with 1 and 2 consumer processes, in the same run. Two handlers: an empty one
// (concurrency 1 per consumer) and one that waits 100 ms (I/O, concurrency 10 per consumer).
// The jobs are enqueued by their own process, 20 at a time, over 4 workspaces.
// Usage: node bench/execution-queue.mjs [jobs=2000] [--redis=redis://127.0.0.1:6379]
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import Redis from 'ioredis';
import { bundleTs } from './support/bundle-ts.mjs';

const args = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const jobs = Number(args[0] ?? 2000);
const redisArg = process.argv.find((arg) => arg.startsWith('--redis='));
const redisUrl = redisArg ? redisArg.slice('--redis='.length) : 'redis://127.0.0.1:6379';
const prefix = `ponte-bench-${randomUUID()}`;

const cache = new URL('../apps/server/node_modules/.cache/', import.meta.url).pathname;
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(join(cache, 'ponte-bench-'));
const part = join(dir, 'part.mjs');
await bundleTs(new URL('./support/execution-queue-part.ts', import.meta.url).pathname, part);

/** A part process; `lines` yields its stdout lines. */
function startPart(...partArgs) {
  const child = spawn(process.execPath, [part, ...partArgs.map(String)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => (await lines.next()).value;
  return { child, next };
}

async function embeddedCase(concurrency, waitMs) {
  const run = startPart('embedded', jobs, concurrency, waitMs);
  const { totalMs, enqueueMs } = JSON.parse(await run.next());
  return { perSecond: jobs / (totalMs / 1000), enqueuedPerSecond: jobs / (enqueueMs / 1000) };
}

async function bullmqCase(consumers, concurrency, waitMs) {
  const queue = `bench-${randomUUID()}`;
  const parts = [];
  for (let i = 0; i < consumers; i++) {
    const consumer = startPart('consume', redisUrl, prefix, queue, concurrency, waitMs);
    if ((await consumer.next()) !== 'ready') throw new Error('consumidor não iniciou');
    parts.push(consumer);
  }
  const started = performance.now();
  const enqueuer = startPart('enqueue', redisUrl, prefix, queue, jobs);
  let done = 0;
  let perConsumer = [];
  while (done < jobs) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    perConsumer = [];
    for (const consumer of parts) {
      consumer.child.stdin.write('count\n');
      perConsumer.push(Number(await consumer.next()));
    }
    done = perConsumer.reduce((sum, n) => sum + n, 0);
  }
  const totalMs = performance.now() - started;
  const { enqueueMs } = JSON.parse(await enqueuer.next());
  for (const consumer of parts) consumer.child.stdin.end('stop\n');
  await Promise.all(parts.map((p) => new Promise((resolve) => p.child.on('exit', resolve))));
  return {
    perSecond: jobs / (totalMs / 1000),
    enqueuedPerSecond: jobs / (enqueueMs / 1000),
    split: perConsumer.join(' / '),
  };
}

const rows = [];
try {
  for (const [label, concurrency, waitMs] of [
    ['empty handler, concurrency 1', 1, 0],
    ['100 ms handler, concurrency 10', 10, 100],
  ]) {
    const embedded = await embeddedCase(concurrency, waitMs);
    const one = await bullmqCase(1, concurrency, waitMs);
    const two = await bullmqCase(2, concurrency, waitMs);
    rows.push({ label, embedded, one, two });
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
  const redis = new Redis(redisUrl);
  let cursor = '0';
  do {
    const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    cursor = nextCursor;
    if (keys.length > 0) await redis.del(...keys);
  } while (cursor !== '0');
  await redis.quit();
}

console.log(`\n${jobs} jobs per case; jobs/s from the first enqueue to the last job finished`);
console.log('(in brackets: enqueued/s, 20 enqueues in flight from one process)\n');
const cell = (run) => `${run.perSecond.toFixed(0)} (${run.enqueuedPerSecond.toFixed(0)})`;
console.log(
  '| handler | embedded (1 process) | BullMQ, 1 consumer | BullMQ, 2 consumers | split of the 2 |',
);
console.log('| --- | ---: | ---: | ---: | --- |');
for (const row of rows) {
  console.log(
    `| ${row.label} | ${cell(row.embedded)} | ${cell(row.one)} | ${cell(row.two)} | ${row.two.split} |`,
  );
}
