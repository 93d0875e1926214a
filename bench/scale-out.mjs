#!/usr/bin/env node
// Scale-out (issue 24 §6), on the local PostgreSQL and Redis, each run on a database and a key
// prefix of its own:
// 1. Executions/s of a flow that waits 100 ms (webhook answered at once with 202 → delay 100 ms)
//    with 1, 2 and 4 workers behind one API. Each worker has PONTE_EXECUTION_CONCURRENCY=10, so
//    one worker is bound by its slots (~100/s at most), not by the CPU: the I/O-bound case
//    where a 2-core machine can show scaling. The API takes a backlog of executions first
//    (a rate far above the capacity: they wait in Redis), then the workers start; the rate is
//    the executions ended per second, read from the database, while between 10 % and 90 % of
//    the backlog has ended (the steady part, away from the workers' start and the tail).
// 2. The CPU-bound webhook flow (webhook → code → respond, bench/support/webhook-load.mjs) with
//    one API and one worker, against one PONTE_ROLE=all process on the same PostgreSQL and Redis.
// Usage: npm run build && PONTE_TEST_DATABASE_URL=postgres://… PONTE_TEST_REDIS_URL=redis://…
//        node bench/scale-out.mjs [backlog per worker=2000] [workers=1,2,4] [seconds=15]
//        [--only=scaling|webhook]
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import {
  benchAdmin,
  createBenchCluster,
  createChainFlow,
  tokenOf,
} from './support/cluster-servers.mjs';
import { cpuSecondsTree, sleep } from './support/processes.mjs';
import { flows, load } from './support/webhook-load.mjs';

const args = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const backlogPerWorker = Number(args[0] ?? 2000);
const workerCounts = (args[1] ?? '1,2,4').split(',').map(Number);
const seconds = Number(args[2] ?? 15);
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const databaseUrl = process.env.PONTE_TEST_DATABASE_URL;
const redisUrl = process.env.PONTE_TEST_REDIS_URL;
if (!databaseUrl || !redisUrl) {
  console.error(
    'Defina PONTE_TEST_DATABASE_URL e PONTE_TEST_REDIS_URL (PostgreSQL e Redis locais).',
  );
  process.exit(1);
}
const slotsPerWorker = 10;
const adminEnv = { PONTE_ADMIN_EMAIL: benchAdmin.email, PONTE_ADMIN_PASSWORD: benchAdmin.password };

async function endedCount(db) {
  const { rows } = await db.query(
    "select count(*)::int as ended from executions where status not in ('queued', 'running')",
  );
  return rows[0].ended;
}

async function statusCounts(db) {
  const { rows } = await db.query(
    'select status, count(*)::int as n from executions group by status order by status',
  );
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}

/** Fires `amount` webhook calls (answered at once with 202) with 20 connections. */
async function fireBacklog(url, amount) {
  const result = await autocannon({
    url,
    method: 'POST',
    connections: 20,
    amount,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pedido: 1 }),
  });
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) throw new Error(`${bad} chamadas do webhook sem 202 ao encher a fila`);
  return { accepted: result.requests.total, perSecond: Math.round(result.requests.average) };
}

/** Samples the ended count every 250 ms until the backlog ended (or 5 min). */
async function sampleUntilEnded(db, backlog) {
  const samples = [];
  const deadline = Date.now() + 300_000;
  for (;;) {
    const ended = await endedCount(db);
    samples.push({ at: performance.now(), ended });
    if (ended >= backlog || Date.now() > deadline) return samples;
    await sleep(250);
  }
}

/** Executions/s between 10 % and 90 % of the backlog ended. */
function steadyRate(samples, backlog) {
  const from = samples.find((sample) => sample.ended >= backlog * 0.1);
  const to = [...samples].reverse().find((sample) => sample.ended <= backlog * 0.9);
  if (!from || !to || to.at <= from.at) return null;
  return ((to.ended - from.ended) * 1000) / (to.at - from.at);
}

async function scalingRun(workers) {
  const cluster = await createBenchCluster({ databaseUrl, redisUrl, label: `so${workers}` });
  try {
    const api = await cluster.start('api', adminEnv);
    const token = await tokenOf(api.base);
    const flowId = await createChainFlow(api.base, token, 'Espera de 100 ms', [
      {
        type: 'core_webhook_trigger',
        params: { method: 'POST', path: 'espera', response: 'immediate' },
      },
      { type: 'core_delay', params: { amount: 100, unit: 'ms' } },
    ]);
    const backlog = backlogPerWorker * workers;
    const fired = await fireBacklog(`${api.base}/engine/webhook/${flowId}/espera`, backlog);
    const load = loadavg()[0].toFixed(2);
    const started = await Promise.all(
      Array.from({ length: workers }, () =>
        cluster.start('worker', { PONTE_EXECUTION_CONCURRENCY: String(slotsPerWorker) }),
      ),
    );
    const pids = [api.pid, ...started.map((worker) => worker.pid)];
    const cpuBefore = pids.map(cpuSecondsTree);
    const begin = performance.now();
    const samples = await sampleUntilEnded(cluster.db, fired.accepted);
    const elapsed = (performance.now() - begin) / 1000;
    const cpu = pids.map((pid, i) => (cpuSecondsTree(pid) - cpuBefore[i]) / elapsed);
    const rate = steadyRate(samples, fired.accepted);
    return {
      workers,
      'execuções na fila': fired.accepted,
      'enfileiradas/s (API)': fired.perSecond,
      'execuções/s (10–90 %)': rate === null ? 'n/d' : Math.round(rate),
      'CPU API (%)': Math.round(cpu[0] * 100),
      'CPU workers (%)': Math.round(cpu.slice(1).reduce((a, b) => a + b, 0) * 100),
      'load 1 min': load,
      estados: JSON.stringify(await statusCounts(cluster.db)),
    };
  } finally {
    await cluster.close();
  }
}

async function scaling() {
  const rows = [];
  for (const workers of workerCounts) {
    rows.push(await scalingRun(workers));
    console.table([rows.at(-1)]);
  }
  const base = rows.find((row) => row.workers === 1)?.['execuções/s (10–90 %)'];
  for (const row of rows) {
    const rate = row['execuções/s (10–90 %)'];
    row['× 1 worker'] =
      typeof base === 'number' && typeof rate === 'number' ? (rate / base).toFixed(2) : 'n/d';
  }
  console.log(
    `\nExecuções/s do flow que espera 100 ms (${slotsPerWorker} por worker ao mesmo tempo):`,
  );
  console.table(rows);
}

/** The webhook → code → respond load at 10 and 50 connections against the process(es). */
async function webhookLoads(name, api, extraPids = []) {
  const token = await tokenOf(api.base);
  const flowId = await createChainFlow(api.base, token, 'Pedidos (code)', [
    {
      type: 'core_webhook_trigger',
      params: { method: 'POST', path: flows.code.path, response: 'respond_node' },
    },
    ...flows.code.steps,
    {
      type: 'core_respond_webhook',
      params: {
        status: 201,
        headers: [{ key: 'X-Pedido', value: 'ok' }],
        body: '{{ msg.payload }}',
      },
    },
  ]);
  const url = `${api.base}/engine/webhook/${flowId}/${flows.code.path}`;
  const rows = [];
  for (const connections of [10, 50]) {
    const before = extraPids.map(cpuSecondsTree);
    const begin = performance.now();
    const row = await load(name, url, api.pid, {
      seconds,
      connections,
      expected: flows.code.expected,
    });
    const elapsed = (performance.now() - begin) / 1000;
    const extra = extraPids.map((pid, i) => (cpuSecondsTree(pid) - before[i]) / elapsed);
    rows.push({
      ...row,
      'CPU worker (%)': extraPids.length ? Math.round(extra[0] * 100) : '—',
      'load 1 min': loadavg()[0].toFixed(2),
    });
  }
  return rows;
}

async function webhook() {
  const rows = [];
  const alone = await createBenchCluster({ databaseUrl, redisUrl, label: 'all' });
  try {
    const all = await alone.start('all', adminEnv);
    rows.push(...(await webhookLoads('PONTE_ROLE=all (um processo)', all)));
  } finally {
    await alone.close();
  }
  const split = await createBenchCluster({ databaseUrl, redisUrl, label: 'split' });
  try {
    const api = await split.start('api', adminEnv);
    const worker = await split.start('worker');
    rows.push(...(await webhookLoads('uma API + um worker', api, [worker.pid])));
  } finally {
    await split.close();
  }
  console.log('\nwebhook → code → respond (CPU: "CPU (%)" é o processo que recebe as chamadas):');
  console.table(rows);
}

console.log(`load 1 min no início: ${loadavg()[0].toFixed(2)}`);
if (only !== 'webhook') await scaling();
if (only !== 'scaling') await webhook();
