#!/usr/bin/env node
// Measures how long the built server takes to answer /healthz on a fresh data dir (first start:
// migrations) and on the same dir again (second start), and its memory once idle: the resident
// memory of the server process and the PSS of its whole process tree (with the embedded
// PostgreSQL server, its processes and their shared memory counted once).
// Usage: npm run build && node bench/startup.mjs [runs]
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
// The server runs with the Node flags of `npm start`.
const { nodeFlags } = await import('../scripts/server-flags.mjs');
const { pssTreeMb } = await import('./support/processes.mjs');
const runs = Number(process.argv[2] ?? 5);

function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

async function startOnce(dataDir) {
  const port = await freePort();
  const startedAt = performance.now();
  const child = spawn(process.execPath, [...nodeFlags, join(root, 'apps/server/dist/main.js')], {
    env: { ...process.env, PORT: String(port), PONTE_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  const readyMs = performance.now() - startedAt;
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const idleRss = rssMb(child.pid);
  const idlePss = pssTreeMb(child.pid);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return { readyMs, idleRss, idlePss };
}

const rows = [];
for (let i = 0; i < runs; i++) {
  const dataDir = mkdtempSync(join(tmpdir(), 'ponte-bench-'));
  chmodSync(dataDir, 0o755); // as root, the embedded PostgreSQL's user must enter it
  const first = await startOnce(dataDir);
  const second = await startOnce(dataDir);
  rmSync(dataDir, { recursive: true, force: true });
  rows.push({ first, second });
}
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
const report = {
  runs,
  firstStartMs: median(rows.map((r) => r.first.readyMs)).toFixed(0),
  secondStartMs: median(rows.map((r) => r.second.readyMs)).toFixed(0),
  idleRssMb: median(rows.map((r) => r.second.idleRss)).toFixed(1),
  idlePssTreeMb: median(rows.map((r) => r.second.idlePss)).toFixed(1),
};
console.log(JSON.stringify(report, null, 2));
