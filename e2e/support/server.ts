import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error: plain ES module of the repository's scripts, no types.
import { buildIfStale } from '../../scripts/build-if-stale.mjs';
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

function stopLeftDatabase(dataDir: string): void {
  const pidFile = join(dataDir, 'postgres', 'cluster', 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 'SIGQUIT');
  } catch {
    // already gone
  }
}

/**
 * Starts the built Ponte (embedded database) on a free port, with the Node flags of `npm start`,
 * on an empty data dir or on `options.dataDir` (kept afterwards: the caller owns it).
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<RunningServer> {
  buildIfStale();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'ponte-e2e-'));
  // As root, the embedded database runs as another user, which must be able to enter the folder.
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
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
  const output = () => log;
  await waitUntilHealthy(url, child, output);
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
