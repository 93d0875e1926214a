import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { succeedsAs, type DatabaseUser, type PostgresBinaries } from './embedded-postgres-host';

/** True when `user` can run `binary` (a root Ponte runs PostgreSQL as another user). */
export function canRun(user: DatabaseUser, binary: string): Promise<boolean> {
  if (user.uid === undefined) return Promise.resolve(true);
  return succeedsAs(user, 'test -x "$1"', [binary]);
}

/** A folder of root's that nobody else may write to (so nobody can swap the binaries in it). */
function ownedByRoot(path: string): boolean {
  const stat = lstatSync(path);
  return stat.isDirectory() && stat.uid === 0 && (stat.mode & 0o022) === 0;
}

function openUp(folder: string): void {
  chmodSync(folder, 0o755);
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.isDirectory()) openUp(join(folder, entry.name));
  }
}

/**
 * As root, PostgreSQL runs as another user, which cannot enter an install under a folder of
 * mode 700 (such as /root). Its binaries (the package's `native` folder: bin, lib, share; they
 * find each other by relative paths) are then copied once into a folder of the system temp
 * folder that only root can write to, named by the package's contents, and run from there.
 * Otherwise the package's own paths are used.
 */
export async function reachableBinaries(
  binaries: PostgresBinaries,
  user: DatabaseUser,
  cacheRoot = tmpdir(),
): Promise<PostgresBinaries> {
  if (user.uid === undefined || (await canRun(user, binaries.postgres))) return binaries;
  const native = dirname(dirname(binaries.postgres));
  const manifest = join(native, '..', 'package.json');
  const key = createHash('sha256')
    .update(existsSync(manifest) ? readFileSync(manifest) : '')
    .update(native)
    .digest('hex')
    .slice(0, 16);
  let target = join(cacheRoot, `ponte-postgres-${key}`);
  if (existsSync(target) && !ownedByRoot(target)) {
    target = join(cacheRoot, `ponte-postgres-${key}-${randomBytes(4).toString('hex')}`);
  }
  if (!existsSync(target)) {
    const partial = `${target}.${process.pid}.tmp`;
    rmSync(partial, { recursive: true, force: true });
    cpSync(native, partial, { recursive: true, dereference: true });
    openUp(partial);
    try {
      renameSync(partial, target);
    } catch (error) {
      // Another process made it first.
      rmSync(partial, { recursive: true, force: true });
      if (!existsSync(target)) throw error;
    }
  }
  const moved = (path: string) => join(target, relative(native, path));
  return { initdb: moved(binaries.initdb), postgres: moved(binaries.postgres) };
}
