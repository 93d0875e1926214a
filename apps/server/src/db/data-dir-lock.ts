import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import lockfile from 'proper-lockfile';

/** Another live process holds the embedded database folder. */
export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

export interface DataDirLockOptions {
  /** Called when the lock is lost while held (its folder was removed or taken as stale). */
  onCompromised?: (error: Error) => void;
}

interface Owner {
  pid: number;
  host: string;
}

function readOwner(file: string): Owner | null {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as Partial<Owner>;
    return typeof owner.pid === 'number' && typeof owner.host === 'string'
      ? { pid: owner.pid, host: owner.host }
      : null;
  } catch {
    return null;
  }
}

/** True only when the owner ran on this machine and its process is gone. */
function ownerIsDead(owner: Owner | null): boolean {
  if (!owner || owner.host !== hostname()) return false;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Takes the embedded database folder for this process. A lock whose holder stopped refreshing
 * it for longer than `stale` is taken over; so is, at once, one whose holder was a process of
 * this machine that no longer exists (killed, crashed), so a restart right after a crash is not
 * refused. A live holder is refused. Acquisitions are serialised by a short guard lock, so two
 * processes starting together never both take over. Resolves to the release function.
 */
export async function lockDataDir(
  dbDir: string,
  options: DataDirLockOptions = {},
): Promise<() => Promise<void>> {
  mkdirSync(dbDir, { recursive: true });
  const ownerFile = `${dbDir}.owner`;
  const lock = () =>
    lockfile.lock(dbDir, {
      stale: 15_000,
      update: 5_000,
      retries: 0,
      realpath: false,
      onCompromised:
        options.onCompromised ??
        ((error) => {
          console.error(`O bloqueio do diretório de dados ${dbDir} foi perdido: ${error.message}`);
          process.exit(1);
        }),
    });
  const releaseGuard = await lockfile.lock(`${dbDir}.guard`, {
    stale: 10_000,
    retries: { retries: 40, minTimeout: 50, maxTimeout: 500 },
    realpath: false,
  });
  try {
    let release: () => Promise<void>;
    try {
      release = await lock();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
      if (!ownerIsDead(readOwner(ownerFile))) {
        throw new DataDirInUseError(
          `O diretório de dados ${dirname(dbDir)} já está em uso por outro processo do Ponte. ` +
            'Encerre o outro processo ou use outro PONTE_DATA_DIR.',
        );
      }
      rmSync(`${dbDir}.lock`, { recursive: true, force: true });
      release = await lock();
    }
    writeFileSync(ownerFile, JSON.stringify({ pid: process.pid, host: hostname() }));
    return async () => {
      rmSync(ownerFile, { force: true });
      await release();
    };
  } finally {
    await releaseGuard();
  }
}
