import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error: plain ES module of the repository's scripts, no types.
import { buildIfStale } from '../../scripts/build-if-stale.mjs';
// @ts-expect-error: plain ES module of the repository's scripts, no types.
import { stampFile } from '../../scripts/build.mjs';
// @ts-expect-error: plain ES module of the repository's scripts, no types.
import { nodeFlags } from '../../scripts/server-flags.mjs';

const root = new URL('../..', import.meta.url).pathname;

export interface RunningServer {
  url: string;
  dataDir: string;
  output: () => string;
  /** SIGTERM, then the data dir is removed (unless it was given to startServer). */
  stop: () => Promise<void>;
  /** SIGKILL, as a crash or an out-of-memory kill would; the data dir stays. */
  kill: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function waitUntilHealthy(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`O servidor terminou ao iniciar:\n${output()}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`O servidor não respondeu em 60 s:\n${output()}`);
}

/** The embedded PostgreSQL's postmaster named in the data dir's `postmaster.pid`, if any. */
export function databasePid(dataDir: string): number | null {
  const pidFile = join(dataDir, 'postgres', 'cluster', 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/** Whether a process with this id still exists. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function stopLeftDatabase(dataDir: string): void {
  const pid = databasePid(dataDir);
  if (pid === null) return;
  try {
    process.kill(pid, 'SIGQUIT');
  } catch {
    // already gone
  }
}

function spawnBuilt(port: number, dataDir: string, env: Record<string, string>) {
  let log = '';
  const child = spawn(
    process.execPath,
    [...(nodeFlags as string[]), join(root, 'apps/server/dist/main.js')],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PONTE_DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  return { child, output: () => log };
}

/** The server's refusals of a port someone else has: before starting, or when listening. */
const portTaken = /já está em uso|EADDRINUSE/;

/**
 * Spawns the built Ponte on a free port and waits until it answers. The port is free when
 * probed, but another process (the embedded PostgreSQL choosing its own port, say) may take it
 * before the server checks it or listens: a start refused for the port is tried again on
 * another one (three tries).
 */
async function spawnHealthy(dataDir: string, env: Record<string, string>) {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const { child, output } = spawnBuilt(port, dataDir, env);
    // After 'close' the child's output is whole ('exit' may come before its last lines).
    const closed = new Promise((resolve) => child.once('close', resolve));
    try {
      await waitUntilHealthy(url, child, output);
      return { child, output, url };
    } catch (error) {
      const running = child.exitCode === null && child.signalCode === null;
      if (running) child.kill('SIGKILL');
      await closed;
      if (running) stopLeftDatabase(dataDir);
      if (attempt >= 3 || !portTaken.test(output())) throw error;
    }
  }
}

/**
 * Runs the built Ponte on `dataDir` expecting it to refuse to start: its exit code and output.
 * One still running after 60 s did not refuse: it is killed and its code is null.
 */
export async function startRefused(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  buildIfStale();
  const { child, output } = spawnBuilt(await freePort(), dataDir, env);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const late = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await exited;
  clearTimeout(late);
  return { code, output: output() };
}

const templatePrefix = 'ponte-e2e-template-';

/** A new data dir, traversable by the embedded database's user when the tests run as root. */
function newDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'ponte-e2e-'));
  chmodSync(dataDir, 0o755);
  return dataDir;
}

/** Copies a data dir with its owners and modes (the cluster belongs to the database's user). */
function copyDataDir(from: string, to: string): void {
  const copied = spawnSync('cp', ['-a', `${from}/.`, to], { encoding: 'utf8' });
  if (copied.status !== 0) throw new Error(`Cópia da pasta de dados falhou: ${copied.stderr}`);
}

/**
 * A data dir on which this build of Ponte already started once and stopped cleanly: its
 * database created (initdb) and migrated, no user in it. Made by the first journey that needs
 * it and kept for the build; each server then starts on a copy, as it would on a fresh install
 * after its first start, without paying initdb and the migrations again.
 */
async function templateDataDir(): Promise<string> {
  const build = readFileSync(stampFile as string, 'utf8').trim();
  const template = join(tmpdir(), `${templatePrefix}${build}`);
  if (existsSync(template)) return template;
  const fresh = newDataDir();
  const { child } = await spawnHealthy(fresh, {});
  const exited = new Promise((resolve) => child.once('exit', resolve));
  if (child.exitCode === null) child.kill('SIGTERM');
  await exited;
  for (const entry of readdirSync(tmpdir())) {
    if (entry.startsWith(templatePrefix)) rmSync(join(tmpdir(), entry), { recursive: true });
  }
  renameSync(fresh, template);
  return template;
}

/**
 * Starts the built Ponte (embedded database) on a free port, with the Node flags of `npm start`,
 * on a copy of a fresh install's data dir or on `options.dataDir` (kept afterwards: the caller
 * owns it, and an empty one makes a first start).
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<RunningServer> {
  buildIfStale();
  const dataDir = options.dataDir ?? newDataDir();
  // As root, the embedded database runs as another user, which must be able to enter the folder.
  chmodSync(dataDir, 0o755);
  if (!options.dataDir && !env.DATABASE_URL) copyDataDir(await templateDataDir(), dataDir);
  const { child, output, url } = await spawnHealthy(dataDir, env);
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };
  return {
    url,
    dataDir,
    output,
    stop: async () => {
      await end('SIGTERM');
      // A server killed with -9 leaves its embedded PostgreSQL running: the test's own mess.
      stopLeftDatabase(dataDir);
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    kill: () => end('SIGKILL'),
  };
}
