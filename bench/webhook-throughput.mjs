#!/usr/bin/env node
// The webhook flow (webhook trigger → code → respond) under load on loopback, side by side in
// one run with the same work in a plain Fastify handler (the ceiling) and in Node-RED (http in →
// function → http response), which the script installs from npm into a cache folder.
// Ponte runs as users run it: built, embedded PostgreSQL, the Node flags of `npm start`, every
// execution and its logs persisted. Prints requests/s and p99 of each, the ratios, and the
// resident memory of Ponte and Node-RED idle and after the load.
// Usage: npm run build && node bench/webhook-throughput.mjs [seconds=15] [connections=10]
//        [--profile] (where Ponte's CPU time goes) [--ponte-only] (skip Fastify and Node-RED)
//        [--alert-rules=N [--rounds=3]] (Ponte alone, one process: rounds of the load without
//        alert rules and with N enabled match_log rules, alternating; medians and ratios)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { nodeFlags } from '../scripts/server-flags.mjs';
import { createAlertRules, deleteAlertRules, firingsOf } from './support/alert-rules-load.mjs';
import { summarise } from './support/cpu-profile-summary.mjs';
import { cpuSeconds, freePort, rssMb, sleep, startProcess } from './support/processes.mjs';

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const seconds = Number(args[0] ?? 15);
const connections = Number(args[1] ?? 10);
const profile = process.argv.includes('--profile');
const option = (name) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const alertRules = Number(option('alert-rules') ?? 0);
const rounds = Number(option('rounds') ?? 3);
const nodeRedVersion = '4.1.8';

const order = { itens: [{ preco: 10.5 }, { preco: 4.5 }, { preco: 20 }] };
const expected = JSON.stringify({ total: 35 });
const code = 'return { payload: { total: msg.payload.itens.reduce((s, i) => s + i.preco, 0) } };';

async function post(url, body, headers = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

/** How many requests the last `load` sent in all. */
let executions = 0;

async function load(name, url, pid) {
  const check = await post(url, order);
  if (check.status !== 201 || check.text !== expected) {
    throw new Error(`${name} respondeu ${check.status} ${check.text}, esperado 201 ${expected}`);
  }
  const options = {
    url,
    method: 'POST',
    connections,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(order),
  };
  const warmUp = await autocannon({ ...options, duration: 3 });
  const cpuBefore = cpuSeconds(pid);
  const result = await autocannon({ ...options, duration: seconds });
  const cpu = (cpuSeconds(pid) - cpuBefore) / seconds;
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) throw new Error(`${name}: ${bad} respostas com erro durante a carga`);
  // Every request of the check, the warm-up and the load ran the flow once (`sent` counts the
  // ones still in flight when the time was up, which `total` leaves out).
  executions = 1 + warmUp.requests.sent + result.requests.sent;
  return {
    alvo: name,
    'req/s': Math.round(result.requests.average),
    'p50 (ms)': result.latency.p50,
    'p99 (ms)': result.latency.p99,
    respostas: result.requests.total,
    // Above 100 % the process used more than one core (garbage collector, worker threads).
    'CPU (%)': Math.round(cpu * 100),
  };
}

async function plainFastify() {
  const port = await freePort();
  const server = await startProcess(
    'Fastify',
    [join(root, 'bench/support/plain-fastify.mjs')],
    { PORT: String(port) },
    `http://127.0.0.1:${port}/`,
  );
  try {
    return await load(
      'Fastify puro (teto)',
      `http://127.0.0.1:${port}/pedidos/novo`,
      server.child.pid,
    );
  } finally {
    await server.stop();
  }
}

function installNodeRed() {
  const dir = join(root, 'node_modules/.cache/bench-node-red', nodeRedVersion);
  const redJs = join(dir, 'node_modules/node-red/red.js');
  if (!existsSync(redJs)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), '{"private": true}');
    console.error(`Instalando node-red@${nodeRedVersion} em ${dir}…`);
    execFileSync('npm', ['install', `node-red@${nodeRedVersion}`, '--no-audit', '--no-fund'], {
      cwd: dir,
      stdio: 'ignore',
    });
  }
  return redJs;
}

async function nodeRed() {
  const redJs = installNodeRed();
  const userDir = mkdtempSync(join(tmpdir(), 'ponte-bench-node-red-'));
  const port = await freePort();
  const flows = [
    { id: 'aba', type: 'tab', label: 'bench' },
    {
      id: 'entrada',
      type: 'http in',
      z: 'aba',
      url: '/pedidos/novo',
      method: 'post',
      wires: [['soma']],
    },
    {
      id: 'soma',
      type: 'function',
      z: 'aba',
      func: 'msg.payload = { total: msg.payload.itens.reduce((s, i) => s + i.preco, 0) };\nreturn msg;',
      outputs: 1,
      wires: [['saida']],
    },
    {
      id: 'saida',
      type: 'http response',
      z: 'aba',
      statusCode: '201',
      headers: { 'X-Pedido': 'ok' },
      wires: [],
    },
  ];
  writeFileSync(join(userDir, 'flows.json'), JSON.stringify(flows));
  writeFileSync(
    join(userDir, 'settings.js'),
    `module.exports = { uiPort: ${port}, uiHost: '127.0.0.1', flowFile: 'flows.json', httpAdminRoot: false, logging: { console: { level: 'warn' } } };`,
  );
  const server = await startProcess(
    'Node-RED',
    [redJs, '--userDir', userDir, '--settings', join(userDir, 'settings.js')],
    {},
    `http://127.0.0.1:${port}/pedidos/novo`,
  );
  try {
    await sleep(3000);
    const idle = rssMb(server.child.pid);
    const row = await load(
      `Node-RED ${nodeRedVersion}`,
      `http://127.0.0.1:${port}/pedidos/novo`,
      server.child.pid,
    );
    return {
      row,
      memory: {
        alvo: row.alvo,
        'ociosa (MB)': idle.toFixed(0),
        'após a carga (MB)': rssMb(server.child.pid).toFixed(0),
      },
    };
  } finally {
    await server.stop();
    rmSync(userDir, { recursive: true, force: true });
  }
}

async function startPonte() {
  const dataDir = mkdtempSync(join(tmpdir(), 'ponte-bench-webhook-'));
  const profileDir = join(dataDir, 'profile');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const admin = { email: 'bench@exemplo.com.br', password: 'segredo-forte-1' };
  const server = await startProcess(
    'Ponte',
    [
      ...nodeFlags,
      ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      join(root, 'apps/server/dist/main.js'),
    ],
    {
      PORT: String(port),
      PONTE_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PONTE_ADMIN_EMAIL: admin.email,
      PONTE_ADMIN_PASSWORD: admin.password,
      // The load comes from one address at a rate far above the defaults: no rate limit.
      PONTE_WEBHOOK_RATE_LIMIT_ADDRESS: '0',
      PONTE_WEBHOOK_RATE_LIMIT_FLOW: '0',
    },
    `${base}/readyz`,
  );
  async function stop() {
    await server.stop();
    if (profile) {
      const [file] = readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'));
      const { parts, functions } = summarise(join(profileDir, file));
      console.log('\nPerfil de CPU do Ponte (tempo próprio):');
      console.table(parts);
      console.table(functions);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
  try {
    const { token } = JSON.parse((await post(`${base}/account/v1/authenticate`, admin)).text);
    const flowId = await createFlow(base, token);
    return { base, token, flowId, pid: server.child.pid, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function createFlow(base, token) {
  const steps = [
    {
      type: 'core_webhook_trigger',
      params: { method: 'POST', path: 'pedidos/novo', response: 'respond_node' },
    },
    { type: 'core_code', params: { code } },
    {
      type: 'core_respond_webhook',
      params: {
        status: 201,
        headers: [{ key: 'X-Pedido', value: 'ok' }],
        body: '{{ msg.payload }}',
      },
    },
  ];
  const nodes = steps.map((step, i) => ({
    uid: `n${i}`,
    position: { x: i * 200, y: 0 },
    ...step,
  }));
  const edges = nodes.slice(1).map((node, i) => ({
    id: `e${i}`,
    source: `n${i}`,
    sourceOutput: 'default',
    target: node.uid,
  }));
  const created = await post(
    `${base}/api/v1/flows`,
    { name: 'Pedidos', enabled: true, data: { version: 1, nodes, edges } },
    { authorization: `Bearer ${token}` },
  );
  if (created.status !== 201) throw new Error(`O flow não foi criado: ${created.text}`);
  return JSON.parse(created.text)._id;
}

async function ponte() {
  const { base, token, flowId, pid, stop } = await startPonte();
  try {
    await sleep(3000);
    const idle = rssMb(pid);
    const row = await load('Ponte', `${base}/engine/webhook/${flowId}/pedidos/novo`, pid);
    await sleep(2000); // the last log batches
    const after = rssMb(pid);
    const history = await fetch(`${base}/api/v1/monitoring/executions/completed?size=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const stored = (await history.json()).total;
    return {
      row,
      memory: {
        alvo: 'Ponte',
        'ociosa (MB)': idle.toFixed(0),
        'após a carga (MB)': after.toFixed(0),
      },
      stored,
    };
  } finally {
    await stop();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** One load with the rules created before it and removed after it. */
async function withRules(ponte, url, round) {
  const ids = await createAlertRules(ponte.base, ponte.token, alertRules, ponte.flowId);
  try {
    const row = await load(`${alertRules} regras (rodada ${round})`, url, ponte.pid);
    await sleep(2000); // the last log batches
    const { matched, states } = await firingsOf(ponte.base, ponte.token, ids.at(-1));
    return { ...row, 'casadas / execuções': `${matched} / ${executions}`, janelas: states };
  } finally {
    await deleteAlertRules(ponte.base, ponte.token, ids);
  }
}

/**
 * Ponte without alert rules and with `alertRules` of them, in one process, alternating (the
 * order flips each round so that a drift of the machine or of the growing database weighs on
 * both alike).
 */
async function compareAlertRules() {
  const ponte = await startPonte();
  const url = `${ponte.base}/engine/webhook/${ponte.flowId}/pedidos/novo`;
  const rows = { without: [], with: [] };
  try {
    await sleep(3000);
    // The first loads of a fresh process are slower (JIT, caches): one not counted.
    await load('aquecimento', url, ponte.pid);
    await sleep(2000);
    for (let round = 1; round <= rounds; round++) {
      for (const kind of round % 2 ? ['without', 'with'] : ['with', 'without']) {
        if (kind === 'with') rows.with.push(await withRules(ponte, url, round));
        else {
          rows.without.push(await load(`sem regras (rodada ${round})`, url, ponte.pid));
          await sleep(2000); // the last log batches, before any rule is created
        }
      }
    }
  } finally {
    await ponte.stop();
  }
  const summary = (kind, name) => ({
    alvo: name,
    'req/s': median(rows[kind].map((row) => row['req/s'])),
    'p99 (ms)': median(rows[kind].map((row) => row['p99 (ms)'])),
    'CPU (%)': median(rows[kind].map((row) => row['CPU (%)'])),
    // The process's CPU time per request: what the rules add, whatever the machine lent it.
    'CPU por req (ms)': median(
      rows[kind].map((row) => (row['CPU (%)'] * 10) / row['req/s']),
    ).toFixed(2),
  });
  const without = summary('without', 'sem regras (mediana)');
  const withN = summary('with', `${alertRules} regras (mediana)`);
  console.log(
    `\n${seconds} s por carga, ${connections} conexões, ${rounds} rodadas de cada, um processo:`,
  );
  console.table([...rows.without, ...rows.with]);
  console.table([without, withN]);
  console.log(
    `Com ${alertRules} regras / sem regras: ${(withN['req/s'] / without['req/s']).toFixed(2)}× as req/s, p99 ${(withN['p99 (ms)'] / without['p99 (ms)']).toFixed(2)}×`,
  );
}

if (alertRules > 0) {
  await compareAlertRules();
  process.exit(0);
}
if (process.argv.includes('--ponte-only')) {
  const only = await ponte();
  console.table([only.row]);
  console.table([only.memory]);
  process.exit(0);
}
const fastifyRow = await plainFastify();
const red = await nodeRed();
const ours = await ponte();
const rows = [fastifyRow, red.row, ours.row];
console.log(`\n${seconds} s por alvo, ${connections} conexões, POST de um pedido de 3 itens:`);
console.table(rows);
console.table([red.memory, ours.memory]);
console.log(
  [
    `Ponte / Node-RED: ${(ours.row['req/s'] / red.row['req/s']).toFixed(2)}× as req/s, p99 ${(ours.row['p99 (ms)'] / red.row['p99 (ms)']).toFixed(2)}×`,
    `Ponte / Fastify puro: ${(ours.row['req/s'] / fastifyRow['req/s']).toFixed(2)}× as req/s`,
    `Execuções do Ponte gravadas no histórico: ${ours.stored} (a página conta até 10000)`,
  ].join('\n'),
);
