#!/usr/bin/env node
// Measures how long the built server takes to answer /healthz on a fresh data dir (first start:
// migrations) and on the same dir again (second start), and its memory once idle: the resident
// memory of the server process, the PSS of the server process alone and of its whole process
// tree (with the embedded PostgreSQL server, its processes and their shared memory counted
// once), and how many of the pool's connections PostgreSQL still serves.
// Usage: npm run build && node bench/startup.mjs [runs] [--against=<another built checkout>]
// With --against, each run starts this checkout's build and the other's, alternating, and the
// medians of both are printed side by side (figures from one run on the same machine).
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
// The server runs with the Node flags of `npm start`.
const { nodeFlags } = await import('../scripts/server-flags.mjs');
const { freePort, processTree, pssTreeMb, rssMb } = await import('./support/processes.mjs');
const runs = Number(process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 5);
const against = process.argv.find((arg) => arg.startsWith('--against='))?.slice(10);
const builds = against ? { this: root, against: resolve(against) } : { this: root };

const pssMb = (pid) =>
  Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))[1]) / 1024;

/** The pool's connections: PostgreSQL's backends serving a client (`postgres: ponte ponte …`). */
const connections = (pid) =>
  processTree(pid).filter((each) => {
    try {
      return /^postgres: \S+ \S+ \d/.test(readFileSync(`/proc/${each}/cmdline`, 'utf8'));
    } catch {
      return false;
    }
  }).length;

async function startOnce(checkout, dataDir) {
  const port = await freePort();
  const startedAt = performance.now();
  const child = spawn(
    process.execPath,
    [...nodeFlags, join(checkout, 'apps/server/dist/main.js')],
    {
      env: { ...process.env, PORT: String(port), PONTE_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    },
  );
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  const readyMs = performance.now() - startedAt;
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const idle = {
    readyMs,
    idleRss: rssMb(child.pid),
    idleServerPss: pssMb(child.pid),
    idlePss: pssTreeMb(child.pid),
    idleConnections: connections(child.pid),
  };
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return idle;
}

const rows = Object.fromEntries(Object.keys(builds).map((name) => [name, []]));
for (let i = 0; i < runs; i++) {
  for (const [name, checkout] of Object.entries(builds)) {
    const dataDir = mkdtempSync(join(tmpdir(), 'ponte-bench-'));
    chmodSync(dataDir, 0o755); // as root, the embedded PostgreSQL's user must enter it
    const first = await startOnce(checkout, dataDir);
    const second = await startOnce(checkout, dataDir);
    rmSync(dataDir, { recursive: true, force: true });
    rows[name].push({ first, second });
  }
}
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
const reportOf = (list) => ({
  runs,
  firstStartMs: median(list.map((r) => r.first.readyMs)).toFixed(0),
  secondStartMs: median(list.map((r) => r.second.readyMs)).toFixed(0),
  idleRssMb: median(list.map((r) => r.second.idleRss)).toFixed(1),
  idleServerPssMb: median(list.map((r) => r.second.idleServerPss)).toFixed(1),
  idlePssTreeMb: median(list.map((r) => r.second.idlePss)).toFixed(1),
  idleConnections: median(list.map((r) => r.second.idleConnections)),
  idlePssTreeEachRunMb: list.map((r) => Number(r.second.idlePss.toFixed(1))),
});
const report = against
  ? Object.fromEntries(Object.entries(rows).map(([name, list]) => [name, reportOf(list)]))
  : reportOf(rows.this);
console.log(JSON.stringify(report, null, 2));
