import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: plain ES module of the repository's scripts, no types.
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { freePort, waitUntilHealthy } from './support/server';

const root = new URL('..', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'ponte-npm-start-'));
// As root, the embedded database runs as another user, which must be able to enter the folder.
chmodSync(dataDir, 0o755);
/** The server's process: killed after the test if it outlived npm. */
let serverPid: number | null = null;
afterAll(() => {
  if (serverPid !== null && alive(serverPid)) process.kill(serverPid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('npm start', () => {
  it('stops the server with npm: SIGTERM to npm leaves no server process and frees the data dir', async () => {
    buildIfStale();
    const port = await freePort();
    let log = '';
    const npm = spawn('npm', ['start', '--silent'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PONTE_DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    npm.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
    npm.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const exited = new Promise((resolve) => npm.once('exit', resolve));
    await waitUntilHealthy(`http://127.0.0.1:${port}`, npm, () => log);

    // The embedded database's lock names the process that owns the server.
    const owner = JSON.parse(readFileSync(join(dataDir, 'postgres.owner'), 'utf8')) as {
      pid: number;
    };
    // …and the embedded PostgreSQL it started runs beside it.
    const postmaster = Number(
      readFileSync(join(dataDir, 'postgres', 'cluster', 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    expect(alive(postmaster)).toBe(true);
    serverPid = owner.pid;
    expect(owner.pid).not.toBe(npm.pid);
    expect(alive(owner.pid)).toBe(true);

    npm.kill('SIGTERM');
    await exited;
    expect(alive(owner.pid), log).toBe(false);
    expect(alive(postmaster), log).toBe(false);
    expect(existsSync(join(dataDir, 'postgres.lock'))).toBe(false);
    expect(existsSync(join(dataDir, 'postgres.owner'))).toBe(false);
  });
});
