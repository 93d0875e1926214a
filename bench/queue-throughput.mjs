#!/usr/bin/env node
// Internal queues from a built Ponte, on each driver: the embedded one (rows in the database)
// and BullMQ on Redis (REDIS_URL; a dedicated database index, flushed before and after).
// 1. Throughput with no rate limit (max_per_second 0): N messages published through the API
//    into a paused queue (publish/s), then the queue resumed and timed until its consumer flow
//    has completed them all (consumed/s).
// 2. Accuracy of max_per_second at 1, 10 and 100: about 10 s of messages published paused, then
//    resumed; from the consumer executions' start times, the achieved rate / the asked one and
//    the largest count started in any 1000 ms window.
// Usage: npm run build && node bench/queue-throughput.mjs [messages=2000] [--embedded-only]
//        [--redis=redis://127.0.0.1:6379/14]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { nodeFlags } from '../scripts/server-flags.mjs';
import { freePort, sleep, startProcess } from './support/processes.mjs';

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const messages = Number(args[0] ?? 2000);
const redisArg = process.argv.find((arg) => arg.startsWith('--redis='));
const redisUrl = redisArg ? redisArg.slice('--redis='.length) : 'redis://127.0.0.1:6379/14';
const embeddedOnly = process.argv.includes('--embedded-only');
const rates = [1, 10, 100];
/** Publishing requests in flight at once. */
const publishers = 20;

function api(base, token) {
  return async (method, path, body) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status >= 400) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
}

/** A queue and its consumer flow: the queue trigger, then one light step. */
async function queueWithConsumer(call, name, maxPerSecond) {
  const queue = await call('POST', '/api/v1/queues', { name, max_per_second: maxPerSecond });
  const nodes = [
    { uid: 'fila', type: 'core_queue_trigger', params: { queue: queue._id } },
    {
      uid: 'marcar',
      type: 'core_set',
      params: { target: 'msg', values: [{ path: 'visto', value: '{{ msg.job_id }}' }] },
    },
  ].map((node, i) => ({ ...node, typeVersion: 1, position: { x: i * 200, y: 0 } }));
  const edges = [{ id: 'e0', source: 'fila', sourceOutput: 'default', target: 'marcar' }];
  const flow = await call('POST', '/api/v1/flows', {
    name: `Consome ${name}`,
    enabled: true,
    data: { version: 1, nodes, edges },
  });
  return { queueId: queue._id, flowId: flow._id };
}

/** Publishes `count` messages through the API, `publishers` at a time; returns ms taken. */
async function publish(call, queueId, count) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(publishers, count) }, async () => {
      while (next < count) {
        const i = next++;
        await call('POST', `/api/v1/queues/jobs/new/${queueId}`, {
          message: JSON.stringify({ pedido: i }),
          delayed: 0,
        });
      }
    }),
  );
  return performance.now() - started;
}

async function completedCount(call, queueId) {
  const queue = await call('GET', `/api/v1/queues/${queueId}`);
  return { completed: queue.queue_status.completed, failed: queue.queue_status.failed };
}

/** Waits until the queue counts `count` completed messages; returns ms from `since`. */
async function drained(call, queueId, count, since, limitMs) {
  for (;;) {
    const { completed, failed } = await completedCount(call, queueId);
    if (failed > 0) throw new Error(`${failed} mensagens falharam no flow consumidor`);
    if (completed >= count) return performance.now() - since;
    if (performance.now() - since > limitMs)
      throw new Error(`só ${completed} de ${count} mensagens consumidas em ${limitMs / 1000} s`);
    await sleep(50);
  }
}

/** The start times (ms) of a flow's completed executions, oldest first. */
async function startTimes(call, flowId) {
  const starts = [];
  for (let page = 1; ; page++) {
    const list = await call('GET', `/api/v1/monitoring/executions/completed?page=${page}&size=100`);
    for (const item of list.items) {
      if (item.data.flow_id !== flowId) continue;
      starts.push(Date.parse(item.data.timestamp) - item.data.message.execution_time);
    }
    if (list.items.length < 100) break;
  }
  return starts.sort((a, b) => a - b);
}

/** The most starts in any window of `windowMs` (a window opens at each start). */
function busiestWindow(starts, windowMs = 1000) {
  let most = 0;
  let first = 0;
  for (let last = 0; last < starts.length; last++) {
    while (starts[last] - starts[first] >= windowMs) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

async function throughput(call, driver) {
  const { queueId } = await queueWithConsumer(call, 'vazao', 0);
  await call('POST', `/api/v1/queues/control/pause/${queueId}`);
  const publishMs = await publish(call, queueId, messages);
  console.error(`${driver}: ${messages} publicadas em ${Math.round(publishMs)} ms; consumindo…`);
  const since = performance.now();
  await call('POST', `/api/v1/queues/control/resume/${queueId}`);
  const consumeMs = await drained(call, queueId, messages, since, 600_000);
  return {
    driver,
    mensagens: messages,
    'publicadas/s': Math.round((messages / publishMs) * 1000),
    'consumidas/s': Math.round((messages / consumeMs) * 1000),
  };
}

async function accuracy(call, driver, rate) {
  const count = rate * 10;
  const { queueId, flowId } = await queueWithConsumer(call, `ritmo-${rate}`, rate);
  await call('POST', `/api/v1/queues/control/pause/${queueId}`);
  await publish(call, queueId, count);
  console.error(`${driver}: max_per_second ${rate}, ${count} mensagens; consumindo…`);
  const since = performance.now();
  await call('POST', `/api/v1/queues/control/resume/${queueId}`);
  await drained(call, queueId, count, since, 120_000);
  await sleep(1500); // the executions' last rows
  const starts = await startTimes(call, flowId);
  if (starts.length !== count)
    throw new Error(`${starts.length} execuções no histórico para ${count} mensagens`);
  // n starts at `rate` per second span (n - 1) / rate seconds.
  const achieved = ((starts.length - 1) / (starts.at(-1) - starts[0])) * 1000;
  return {
    driver,
    max_per_second: rate,
    mensagens: count,
    'alcançado/s': Number(achieved.toFixed(2)),
    'alcançado / pedido': Number((achieved / rate).toFixed(3)),
    'máx. em 1000 ms': busiestWindow(starts),
  };
}

async function run(driver, env) {
  const dataDir = mkdtempSync(join(tmpdir(), 'ponte-bench-queues-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const admin = { email: 'bench@exemplo.com.br', password: 'segredo-forte-1' };
  const server = await startProcess(
    'Ponte',
    [...nodeFlags, join(root, 'apps/server/dist/main.js')],
    {
      PORT: String(port),
      PONTE_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PONTE_ADMIN_EMAIL: admin.email,
      PONTE_ADMIN_PASSWORD: admin.password,
      ...env,
    },
    `${base}/readyz`,
  );
  try {
    const { token } = await api(base)('POST', '/account/v1/authenticate', admin);
    const call = api(base, token);
    const rows = { throughput: [await throughput(call, driver)], accuracy: [] };
    for (const rate of rates) rows.accuracy.push(await accuracy(call, driver, rate));
    return rows;
  } catch (error) {
    console.error(server.output());
    throw error;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function flushRedis() {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  await redis.flushdb();
  await redis.quit();
}

// The embedded driver is the one chosen without REDIS_URL.
delete process.env.REDIS_URL;
const results = [await run('embutido', {})];
if (!embeddedOnly) {
  await flushRedis();
  try {
    results.push(await run('Redis', { REDIS_URL: redisUrl }));
  } finally {
    await flushRedis();
  }
}
console.log(`\nVazão sem limite (${publishers} publicações em paralelo pela API):`);
console.table(results.flatMap((r) => r.throughput));
console.log('\nPrecisão de max_per_second (início das execuções do flow consumidor):');
console.table(results.flatMap((r) => r.accuracy));
