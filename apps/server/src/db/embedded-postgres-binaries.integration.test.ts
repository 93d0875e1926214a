import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, cpSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { canRun, reachableBinaries } from './embedded-postgres-binaries';
import { databaseUser, postgresBinaries } from './embedded-postgres-host';

const asRoot = process.getuid?.() === 0;
const root = mkdtempSync(join(tmpdir(), 'ponte-binaries-'));
chmodSync(root, 0o755);
afterAll(() => rmSync(root, { recursive: true, force: true }));

// Only a root Ponte runs PostgreSQL as another user; elsewhere there is nothing to copy.
describe.skipIf(!asRoot)('embedded PostgreSQL binaries out of the database user’s reach', () => {
  it('copies them once to a folder only root can write, and runs them from there', async () => {
    const user = await databaseUser(null);
    const original = await postgresBinaries();
    // An install inside a folder of mode 700, like one under /root.
    const hidden = join(root, 'escondido');
    mkdirSync(hidden, { mode: 0o700 });
    const native = dirname(dirname(original.postgres));
    const copy = join(hidden, 'pacote', 'native');
    cpSync(native, copy, { recursive: true });
    cpSync(join(native, '..', 'package.json'), join(hidden, 'pacote', 'package.json'));
    const unreachable = {
      initdb: join(copy, relative(native, original.initdb)),
      postgres: join(copy, relative(native, original.postgres)),
    };
    expect(await canRun(user, unreachable.postgres)).toBe(false);

    const cache = join(root, 'cache');
    mkdirSync(cache, { mode: 0o755 });
    const moved = await reachableBinaries(unreachable, user, cache);
    expect(moved.postgres.startsWith(cache)).toBe(true);
    expect(await canRun(user, moved.postgres)).toBe(true);
    const version = spawnSync(moved.postgres, ['--version'], { uid: user.uid!, gid: user.gid! });
    expect(version.status).toBe(0);
    expect(version.stdout.toString()).toMatch(/PostgreSQL\) 18\./);
    const folder = dirname(dirname(moved.postgres));
    expect(statSync(folder).uid).toBe(0);
    expect(statSync(folder).mode & 0o022).toBe(0);
    // Once: the next start finds the same folder.
    expect(await reachableBinaries(unreachable, user, cache)).toEqual(moved);

    // A folder of that name made by someone else is never used.
    const cache2 = join(root, 'cache2');
    mkdirSync(cache2, { mode: 0o755 });
    const planted = join(cache2, relative(cache, folder));
    mkdirSync(planted, { recursive: true });
    chownSync(planted, user.uid!, user.gid!);
    chmodSync(planted, 0o777);
    const safe = await reachableBinaries(unreachable, user, cache2);
    expect(safe.postgres.startsWith(planted + '/')).toBe(false);
    expect(await canRun(user, safe.postgres)).toBe(true);
  }, 120_000);

  it('uses the package where it is when the database user can reach it', async () => {
    const user = await databaseUser(null);
    const original = await postgresBinaries();
    if (!(await canRun(user, original.postgres))) return;
    expect(await reachableBinaries(original, user, join(root, 'nunca'))).toEqual(original);
  });
});
