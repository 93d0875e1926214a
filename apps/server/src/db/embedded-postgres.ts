import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chownSync,
  closeSync,
  existsSync,
  lchownSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { reachableBinaries } from './embedded-postgres-binaries';
import {
  checkReach,
  databaseUser,
  dataFolderAccess,
  EmbeddedDatabaseError,
  postgresBinaries,
  type DatabaseUser,
} from './embedded-postgres-host';

/** What the supervisor reports: the server stopped on its own, and whether it came back. */
export type EmbeddedPostgresEvent =
  | { kind: 'exited'; code: number | null; signal: string | null }
  | { kind: 'restarted'; attempt: number }
  | { kind: 'restart-failed'; attempt: number; reason: string }
  | { kind: 'orphan-stopped'; pid: number };

export interface EmbeddedPostgresOptions {
  /** `<PONTE_DATA_DIR>/postgres`: the cluster in `cluster/`, its password in `password`. */
  folder: string;
  /** As root: the system user that runs PostgreSQL (PONTE_EMBEDDED_DB_USER). */
  user?: string | null;
  /** More `-c` settings (the tests' server turns fsync off). */
  settings?: Record<string, string>;
  onEvent?: (event: EmbeddedPostgresEvent) => void;
}

export interface EmbeddedPostgres {
  /** postgres://ponte:<password>@127.0.0.1:<port>/<database> */
  urlOf(database: string): string;
  /** The postmaster's process id, while it runs. */
  pid(): number | null;
  /** Fast shutdown (SIGINT): clients are disconnected, the data is checkpointed. */
  stop(): Promise<void>;
}

export const embeddedDatabaseName = 'ponte';
const role = 'ponte';
const startTimeoutMs = 60_000;
const stopTimeoutMs = 30_000;

/**
 * The server's settings (docs/adr/0057): only 127.0.0.1 and no unix socket, UTC like the
 * in-process database it replaces, and small buffers so that an idle Ponte stays small.
 */
function serverSettings(port: number, extra: Record<string, string> = {}): string[] {
  const settings: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    port: String(port),
    unix_socket_directories: '',
    TimeZone: 'UTC',
    shared_buffers: '32MB',
    max_connections: '40',
    io_method: 'sync',
    log_min_messages: 'warning',
    ...extra,
  };
  return Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
}

/** An environment without Ponte's own secrets (PONTE_ENCRYPTION_KEY, DATABASE_URL…). */
function childEnv(): NodeJS.ProcessEnv {
  if (process.platform === 'win32') return { ...process.env, LC_MESSAGES: 'C' };
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C', LC_ALL: 'C' };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1', exclusive: true }, () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface Running {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: string | null }>;
  /** The last 4000 characters it wrote to stderr (PostgreSQL's own words). */
  stderr: () => string;
}

interface SpawnPlace {
  /** The folder it starts in (`dataFolderAccess`). */
  cwd?: string;
  /** An open file descriptor given as its standard input. */
  stdin?: number;
}

/** Starts a PostgreSQL program as the database user, with a bare environment. */
function spawnAs(
  user: DatabaseUser,
  command: string,
  args: string[],
  place: SpawnPlace = {},
): Running {
  const child = spawn(command, args, {
    uid: user.uid,
    gid: user.gid,
    cwd: place.cwd,
    env: childEnv(),
    stdio: [place.stdin ?? 'ignore', 'ignore', 'pipe'],
    windowsHide: true,
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => {
    child.once('error', (error) => {
      stderr ||= error.message;
      resolve({ code: null, signal: null });
    });
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  return { child, exited, stderr: () => stderr.trim() };
}

async function runAs(
  user: DatabaseUser,
  command: string,
  args: string[],
  place?: SpawnPlace,
): Promise<void> {
  const running = spawnAs(user, command, args, place);
  const { code } = await running.exited;
  if (code !== 0) throw new Error(running.stderr() || `código ${code}`);
}

function giveTo(user: DatabaseUser, path: string): void {
  if (user.uid !== undefined && user.gid !== undefined) chownSync(path, user.uid, user.gid);
}

/**
 * A data folder restored from a backup on another machine (or by `tar` as another user) may
 * name another owner: PostgreSQL refuses a cluster it does not own, so the database user gets
 * the whole cluster back before the start.
 */
function reclaimCluster(user: DatabaseUser, cluster: string): void {
  if (user.uid === undefined || user.gid === undefined) return;
  const { uid, gid } = user;
  if (statSync(cluster).uid === uid) return;
  const walk = (path: string) => {
    chownSync(path, uid, gid);
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const child = join(path, entry.name);
      if (entry.isDirectory()) walk(child);
      else lchownSync(child, uid, gid);
    }
  };
  walk(cluster);
}

/**
 * Creates the cluster once: initdb into `cluster.init`, then renamed, so a start killed
 * half-way leaves no half-made cluster. The password is new, random, and kept in `password`.
 */
async function initCluster(folder: string, initdb: string, user: DatabaseUser): Promise<void> {
  const building = join(folder, 'cluster.init');
  const pwfile = join(folder, 'initdb.pw');
  const password = randomBytes(24).toString('hex');
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { mode: 0o700 });
  giveTo(user, building);
  await checkReach(user, initdb, building);
  await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
  giveTo(user, pwfile);
  // The password file is handed over open, as standard input: the database user may not be
  // able to reach it by its path (a data folder under /root).
  const access = dataFolderAccess(user, building);
  const passwordInput = openSync(pwfile, 'r');
  try {
    await runAs(
      user,
      initdb,
      [
        `--pgdata=${access.path}`,
        `--username=${role}`,
        `--pwfile=${access.cwd === undefined ? pwfile : '/dev/stdin'}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
      ],
      { cwd: access.cwd, stdin: passwordInput },
    );
  } catch (error) {
    throw new EmbeddedDatabaseError(
      `Não foi possível criar o banco embutido: ${(error as Error).message}`,
    );
  } finally {
    closeSync(passwordInput);
    rmSync(pwfile, { force: true });
  }
  await writeFile(join(folder, 'password'), password, { mode: 0o600 });
  renameSync(building, join(folder, 'cluster'));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True when `pid` is a PostgreSQL process (Linux: its command line; elsewhere: trusted). */
function isPostgres(pid: number): boolean {
  const cmdline = `/proc/${pid}/cmdline`;
  if (!existsSync('/proc/self')) return true;
  try {
    return readFileSync(cmdline, 'utf8').includes('postgres');
  } catch {
    return false;
  }
}

async function waitGone(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await sleep(50);
  }
  return !isAlive(pid);
}

/**
 * A Ponte killed with -9 leaves its PostgreSQL running (nothing tells it). The data folder's
 * lock is ours now, so a server still named in `postmaster.pid` is that orphan: it is shut
 * down (fast, then immediate) before ours starts.
 */
async function stopOrphan(cluster: string, onEvent: EmbeddedPostgresOptions['onEvent']) {
  const pidFile = join(cluster, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !isPostgres(pid)) return;
  process.kill(pid, 'SIGINT');
  if (!(await waitGone(pid, stopTimeoutMs))) {
    process.kill(pid, 'SIGQUIT');
    await waitGone(pid, 5_000);
  }
  onEvent?.({ kind: 'orphan-stopped', pid });
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Waits until the server answers; rejects with its own words when it stops first. */
async function waitReady(server: Running, url: string): Promise<void> {
  let gone = false;
  void server.exited.then(() => (gone = true));
  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline) {
    if (gone) {
      throw new EmbeddedDatabaseError(
        `O PostgreSQL embutido parou ao iniciar: ${server.stderr() || 'sem mensagem'}`,
      );
    }
    if (await answers(url)) return;
    await sleep(50);
  }
  server.child.kill('SIGQUIT');
  throw new EmbeddedDatabaseError('O PostgreSQL embutido não respondeu em 60 s ao iniciar.');
}

async function ensureDatabase(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [
      embeddedDatabaseName,
    ]);
    if (found.rowCount === 0) await client.query(`create database ${embeddedDatabaseName}`);
  } finally {
    await client.end();
  }
}

async function stopServer(server: Running): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGINT');
  // Unreferenced: a wait that lost the race must not keep the process alive.
  const later = (ms: number) => sleep(ms, null, { ref: false });
  if (await Promise.race([server.exited, later(stopTimeoutMs)])) return;
  server.child.kill('SIGQUIT');
  await Promise.race([server.exited, later(5_000)]);
}

/**
 * Starts (creating it the first time) the PostgreSQL of `folder`, and watches it: a server
 * that stops on its own is reported and started again on the same port, with a growing pause
 * between attempts (1 s up to 30 s), until `stop()`.
 */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgres> {
  const { folder, onEvent } = options;
  const user = await databaseUser(options.user ?? null);
  const binaries = await reachableBinaries(await postgresBinaries(), user);
  mkdirSync(folder, { recursive: true });
  const cluster = join(folder, 'cluster');
  if (!existsSync(join(cluster, 'PG_VERSION'))) await initCluster(folder, binaries.initdb, user);
  const passwordFile = join(folder, 'password');
  if (!existsSync(passwordFile)) {
    throw new EmbeddedDatabaseError(
      'A senha do banco embutido (o arquivo password da pasta postgres de PONTE_DATA_DIR) não foi encontrada. Restaure-a do backup da pasta de dados.',
    );
  }
  const password = readFileSync(passwordFile, 'utf8').trim();
  reclaimCluster(user, cluster);
  await checkReach(user, binaries.postgres, cluster);
  await stopOrphan(cluster, onEvent);
  const port = await freePort();
  const urlOf = (database: string) =>
    `postgres://${role}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  const args = serverSettings(port, options.settings);
  const access = dataFolderAccess(user, cluster);
  const launch = async () => {
    const next = spawnAs(user, binaries.postgres, ['-D', access.path, ...args], {
      cwd: access.cwd,
    });
    try {
      await waitReady(next, urlOf('postgres'));
    } catch (error) {
      await stopServer(next);
      throw error;
    }
    return next;
  };

  let server = await launch();
  await ensureDatabase(urlOf('postgres'));
  const stopping = new AbortController();
  let restarting: Promise<void> = Promise.resolve();
  const restart = async () => {
    for (let attempt = 1; ; attempt += 1) {
      const pause = Math.min(1_000 * 2 ** (attempt - 1), 30_000);
      await sleep(pause, undefined, { signal: stopping.signal }).catch(() => undefined);
      if (stopping.signal.aborted) return;
      try {
        server = await launch();
      } catch (error) {
        onEvent?.({ kind: 'restart-failed', attempt, reason: (error as Error).message });
        continue;
      }
      if (stopping.signal.aborted) return;
      onEvent?.({ kind: 'restarted', attempt });
      watch(server);
      return;
    }
  };
  const watch = (current: Running) => {
    void current.exited.then(({ code, signal }) => {
      if (stopping.signal.aborted) return;
      onEvent?.({ kind: 'exited', code, signal });
      restarting = restart();
    });
  };
  watch(server);
  return {
    urlOf,
    pid: () => (server.child.exitCode === null ? (server.child.pid ?? null) : null),
    async stop() {
      stopping.abort();
      await restarting;
      await stopServer(server);
    },
  };
}
