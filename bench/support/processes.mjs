// What the benches that run Ponte (or Node-RED) as a process share: a free port, the process's
// memory and CPU time from /proc, and starting a process until its ready URL answers.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

const root = new URL('../..', import.meta.url).pathname;

export function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export const rssMb = (pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
/** CPU seconds the process has used (user + system), from /proc. */
export const cpuSeconds = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts `node argv…` in the repository's folder and waits until `readyUrl` answers. */
export async function startProcess(name, argv, env, readyUrl) {
  let output = '';
  const child = spawn(process.execPath, argv, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} terminou ao iniciar:\n${output}`);
    if (Date.now() > deadline) throw new Error(`${name} não respondeu em 60 s:\n${output}`);
    try {
      const response = await fetch(readyUrl);
      if (response.status < 500) break;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  return {
    child,
    output: () => output,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The process and all its descendants (children, their children…), from /proc. */
export function processTree(pid) {
  const parents = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // ended meanwhile
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    for (const [child, parent] of parents) if (parent === tree[i]) tree.push(child);
  }
  return tree;
}

/**
 * Proportional set size of the process and all its descendants, in MB: shared pages (the
 * PostgreSQL server's shared memory, the libraries) count once, split among those that map
 * them, where adding up RSS would count them once per process.
 */
export function pssTreeMb(pid) {
  let kb = 0;
  for (const each of processTree(pid)) {
    try {
      kb += Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${each}/smaps_rollup`, 'utf8'))[1]);
    } catch {
      // ended meanwhile
    }
  }
  return kb / 1024;
}

/** CPU seconds of the process and all its descendants still running. */
export const cpuSecondsTree = (pid) =>
  processTree(pid).reduce((sum, each) => {
    try {
      return sum + cpuSeconds(each);
    } catch {
      return sum;
    }
  }, 0);
