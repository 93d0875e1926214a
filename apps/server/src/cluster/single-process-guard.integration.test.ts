import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { configVariables } from '../config';
import { serverRoot } from '../package-root';
import type { DatabaseHandle } from '../db/client';
import {
  createSharedTestDatabase,
  describeEachDriver,
  type SharedTestDatabase,
} from '../test/test-database';
import {
  acquireProcessGuard,
  DatabaseSharedError,
  type ProcessGuard,
} from './single-process-guard';

describeEachDriver('single-process guard', (driver) => {
  let shared: SharedTestDatabase;
  let database: DatabaseHandle;
  const held: ProcessGuard[] = [];
  /** Cleanups that run even when a test times out (a server that did start, say). */
  const cleanups: (() => void)[] = [];
  beforeEach(async () => {
    shared = await createSharedTestDatabase(driver);
    database = await shared.open();
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) cleanup();
    for (const guard of held.splice(0)) await guard.release();
    await database.close();
    await shared.dispose();
  });

  /** The guard of one more process: each holds its lock on a connection of its own. */
  const take = async (distributed: boolean) => {
    const guard = await acquireProcessGuard(database, { distributed });
    held.push(guard);
    return guard;
  };
  const refusal = (distributed: boolean) =>
    acquireProcessGuard(database, { distributed }).then(
      () => null,
      (error: unknown) => error,
    );

  it('refuses a second process alone, telling to set REDIS_URL on every process', async () => {
    expect((await take(false)).exclusive).toBe(true);
    const error = await refusal(false);
    expect(error).toBeInstanceOf(DatabaseSharedError);
    expect((error as Error).message).toBe(
      "Outro processo do Ponte já usa este banco de dados. Sem Redis, só um processo pode usar o banco; para rodar vários, defina DATABASE_URL e REDIS_URL em todos eles; veja a seção 'Várias máquinas' do README.",
    );
    // Nor may a distributed one join it.
    expect(((await refusal(true)) as Error).message).toBe(
      "Um processo do Ponte sem REDIS_URL já usa este banco de dados sozinho. Para rodar vários processos no mesmo banco, encerre-o e defina DATABASE_URL e REDIS_URL em todos eles; veja a seção 'Várias máquinas' do README.",
    );
  });

  it('lets distributed processes share the database, and refuses one alone among them', async () => {
    await take(true);
    await take(true);
    expect(((await refusal(false)) as Error).message).toBe(
      "Processos do Ponte com REDIS_URL já usam este banco de dados, e este processo não tem REDIS_URL. Defina DATABASE_URL e REDIS_URL neste processo como nos outros; veja a seção 'Várias máquinas' do README.",
    );
  });

  it('frees the database when the process releases it', async () => {
    const first = await take(false);
    await first.release();
    expect((await take(false)).exclusive).toBe(true);
  });

  it('a second server started alone on the database stops at once with the message', async () => {
    await take(false);
    const dataDir = mkdtempSync(join(tmpdir(), 'ponte-guard-'));
    const env = { ...process.env };
    for (const { name } of configVariables) delete env[name];
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverRoot,
      env: {
        ...env,
        DATABASE_URL: shared.location,
        PONTE_DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cleanups.push(() => {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain(
      'Outro processo do Ponte já usa este banco de dados. Sem Redis, só um processo pode usar o banco',
    );
  }, 60_000);

  it('has nothing to take on the in-process database', async () => {
    const guard = await acquireProcessGuard({ driver: 'pglite' }, { distributed: false });
    expect(guard.exclusive).toBe(true);
    await guard.release();
  });
});
