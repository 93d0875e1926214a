import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
// @ts-expect-error: plain ES module of the repository's scripts, no types.
import { buildIfStale } from '../../scripts/build-if-stale.mjs';
// @ts-expect-error: plain ES module of the repository's scripts, no types.
import { nodeFlags } from '../../scripts/server-flags.mjs';
import { freePort, waitUntilHealthy, type RunningServer } from './server';

const root = new URL('../..', import.meta.url).pathname;

/** The real servers a multi-process run needs, or why it cannot run. */
export const realServers = {
  databaseUrl: process.env.PONTE_TEST_DATABASE_URL ?? '',
  redisUrl: process.env.PONTE_TEST_REDIS_URL ?? '',
};
export const hasRealServers = Boolean(realServers.databaseUrl && realServers.redisUrl);
export const realServersSkipReason =
  'PONTE_TEST_DATABASE_URL e PONTE_TEST_REDIS_URL não definidas: a suíte de vários processos precisa de um PostgreSQL e de um Redis reais';

/** Variables of the test runner's environment that a cluster process must not inherit. */
const inheritedOut = [
  'DATABASE_URL',
  'REDIS_URL',
  'PONTE_ROLE',
  'PONTE_REDIS_PREFIX',
  'PONTE_JWT_SECRET',
  'PONTE_ENCRYPTION_KEY',
  'PONTE_ADMIN_EMAIL',
  'PONTE_ADMIN_PASSWORD',
  'PONTE_DATA_DIR',
];

function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !inheritedOut.includes(key)) env[key] = value;
  }
  return env;
}

export interface ClusterProcess extends RunningServer {
  /** The Node process id (a worker's row in `ponte_processes` carries it). */
  pid: number;
  role: string;
}

export type ProcessRole = 'all' | 'api' | 'worker';

function spawnProcess(port: number, dataDir: string, env: Record<string, string>) {
  let log = '';
  const child = spawn(
    process.execPath,
    [...(nodeFlags as string[]), join(root, 'apps/server/dist/main.js')],
    {
      cwd: root,
      env: {
        ...baseEnv(),
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

function newDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ponte-mp-'));
  // As root, an embedded database would run as another user, which must enter the folder.
  chmodSync(dir, 0o755);
  return dir;
}

async function ended(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

/**
 * One Ponte of a multi-process run: a database created for the run on the local PostgreSQL, a
 * Redis key prefix of its own, one encryption key shared by every process and no JWT secret
 * (it lives in the database). `start` spawns the built server with a role, its own data dir
 * and port; `close` stops every process, drops the database and deletes the prefix's keys.
 */
export interface Cluster {
  databaseUrl: string;
  redisPrefix: string;
  encryptionKey: string;
  /** A pool on the run's database, to look at rows as an operator would with psql. */
  db: pg.Pool;
  start: (role: ProcessRole, env?: Record<string, string>) => Promise<ClusterProcess>;
  /** Starts a process with exactly `env` (none of the cluster's), e.g. without Redis. */
  startOwn: (env: Record<string, string>) => Promise<ClusterProcess>;
  /** Spawns a process expected to refuse to start: its exit code and output. */
  startRefused: (env: Record<string, string>) => Promise<{ code: number | null; output: string }>;
  /** Environment every process of the cluster gets (database, Redis, prefix, key, lease). */
  env: Record<string, string>;
  close: () => Promise<void>;
}

function databaseUrlFor(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Creates a database named `name` through the test server's URL; gives its URL. */
export async function createDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: realServers.databaseUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  return databaseUrlFor(realServers.databaseUrl, name);
}

/** Drops a database this run created (its connections are closed first). */
export async function dropDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: realServers.databaseUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}

async function deleteKeys(prefix: string): Promise<void> {
  const redis = new Redis(realServers.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** Starts nothing yet: creates the run's database and names its Redis prefix. */
export async function createCluster(common: Record<string, string> = {}): Promise<Cluster> {
  buildIfStale();
  const suffix = randomBytes(4).toString('hex');
  const databaseName = `ponte_mp_${suffix}`;
  const redisPrefix = `ponte-mp-${suffix}`;
  const databaseUrl = await createDatabase(databaseName);
  const encryptionKey = randomBytes(32).toString('hex');
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: realServers.redisUrl,
    PONTE_REDIS_PREFIX: redisPrefix,
    PONTE_ENCRYPTION_KEY: encryptionKey,
    PONTE_METRICS: 'true',
    ...common,
  };
  const processes: { child: ChildProcess; dataDir: string }[] = [];
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });

  const startOwn = async (own: Record<string, string>) => {
    const dataDir = newDataDir();
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const { child, output } = spawnProcess(port, dataDir, own);
    processes.push({ child, dataDir });
    await waitUntilHealthy(url, child, output);
    const running: ClusterProcess = {
      url,
      dataDir,
      output,
      pid: child.pid!,
      role: own.PONTE_ROLE ?? 'all',
      stop: () => ended(child, 'SIGTERM'),
      kill: () => ended(child, 'SIGKILL'),
    };
    return running;
  };
  const start = (role: ProcessRole, extra: Record<string, string> = {}) =>
    startOwn({ ...env, PONTE_ROLE: role, ...extra });

  const startRefused = async (extra: Record<string, string>) => {
    const dataDir = newDataDir();
    const port = await freePort();
    const { child, output } = spawnProcess(port, dataDir, extra);
    processes.push({ child, dataDir });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    // One that becomes healthy did not refuse: no need to wait longer for it.
    const healthy = waitUntilHealthy(`http://127.0.0.1:${port}`, child, output).then(
      () => 'healthy' as const,
      () => 'exited' as const,
    );
    const first = await Promise.race([exited.then(() => 'exited' as const), healthy]);
    if (first === 'healthy') await ended(child, 'SIGKILL');
    return { code: first === 'healthy' ? null : await exited, output: output() };
  };

  const close = async () => {
    await Promise.all(processes.map(({ child }) => ended(child, 'SIGKILL')));
    for (const { dataDir } of processes) rmSync(dataDir, { recursive: true, force: true });
    await db.end();
    await dropDatabase(databaseName);
    await deleteKeys(redisPrefix);
  };

  return {
    databaseUrl,
    redisPrefix,
    encryptionKey,
    db,
    start,
    startOwn,
    startRefused,
    env,
    close,
  };
}
