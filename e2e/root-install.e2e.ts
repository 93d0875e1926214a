import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: plain ES module of the repository's scripts, no types.
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { admin } from './support/session';
import { freePort, isAlive, waitUntilHealthy } from './support/server';

const root = new URL('..', import.meta.url).pathname;
const asRoot = process.getuid?.() === 0;
// A home folder of mode 700, as /root is: the clone lives inside it.
const home = mkdtempSync(join(tmpdir(), 'ponte-root-home-'));
const clone = join(home, 'ponte');
const binaryCopies = () =>
  new Set(readdirSync(tmpdir()).filter((name) => name.startsWith('ponte-postgres-')));
const copiesBefore = binaryCopies();
afterAll(() => {
  rmSync(home, { recursive: true, force: true });
  // The PostgreSQL binaries a root Ponte copied out of the unreachable clone (docs/adr/0075).
  for (const name of binaryCopies()) {
    if (!copiesBefore.has(name)) rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
});

function run(command: string, args: string[], cwd = root): void {
  const result = spawnSync(command, args, { cwd, stdio: 'pipe' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${result.stderr}`);
}

/**
 * The clone of this repository under `home`, with the installed packages (hard links, as
 * `npm install` would have put them) and the built app, so that `npm start` starts at once.
 */
function prepareClone(): void {
  buildIfStale();
  run('git', ['clone', '--quiet', '--no-hardlinks', root, clone]);
  for (const folder of ['node_modules', 'apps/server/node_modules', 'apps/web/node_modules']) {
    if (existsSync(join(root, folder))) run('cp', ['-al', join(root, folder), join(clone, folder)]);
  }
  for (const workspace of ['packages/engine', 'packages/shared']) {
    const folder = join(workspace, 'node_modules');
    if (existsSync(join(root, folder))) run('cp', ['-al', join(root, folder), join(clone, folder)]);
  }
  for (const dist of ['apps/server/dist', 'apps/web/dist']) {
    run('cp', ['-a', join(root, dist), join(clone, dist)]);
  }
  writeFileSync(join(clone, 'apps/server/dist/.build-stamp'), String(Date.now()));
}

/** `npm start` in the clone, as the README says, with no PONTE_DATA_DIR: its own ./data. */
async function npmStart(port: number) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...admin,
  };
  delete env.PONTE_DATA_DIR;
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  let log = '';
  const npm = spawn('npm', ['start', '--silent'], { cwd: clone, env, stdio: 'pipe' });
  npm.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  npm.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise((resolve) => npm.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilHealthy(url, npm, () => log);
  return {
    url,
    log: () => log,
    async stop() {
      npm.kill('SIGTERM');
      await exited;
    },
  };
}

async function signIn(url: string): Promise<number> {
  const response = await fetch(`${url}/account/v1/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.PONTE_ADMIN_EMAIL, password: admin.PONTE_ADMIN_PASSWORD }),
  });
  return response.status;
}

// Only root runs the embedded PostgreSQL as another user; for anyone else /root is no case.
describe.skipIf(!asRoot)('a root install in a folder of mode 700 (git clone; npm start)', () => {
  it('starts with nothing else to do, keeps its data in ./data, and opens no folder', async () => {
    prepareClone();
    expect(statSync(home).mode & 0o777).toBe(0o700);

    const first = await npmStart(await freePort());
    expect(await signIn(first.url), first.log()).toBe(200);
    await first.stop();
    // Everything in the clone's data folder, the one a backup copies.
    const cluster = join(clone, 'data', 'postgres', 'cluster');
    expect(existsSync(join(cluster, 'PG_VERSION'))).toBe(true);
    const postmaster = join(cluster, 'postmaster.pid');
    expect(existsSync(postmaster)).toBe(false);

    // The owner created on the first start is still there on the second.
    const second = await npmStart(await freePort());
    expect(await signIn(second.url), second.log()).toBe(200);
    const pid = Number(readFileSync(postmaster, 'utf8').split('\n')[0]);
    expect(isAlive(pid)).toBe(true);
    await second.stop();
    expect(isAlive(pid)).toBe(false);

    // Nothing above the clone was opened to the database's system user.
    expect(statSync(home).mode & 0o777).toBe(0o700);
    expect(statSync(home).uid).toBe(0);
  }, 300_000);
});
