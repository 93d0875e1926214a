import { mkdirSync } from 'node:fs';
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

/**
 * Takes the embedded database folder for this process. A lock whose holder stopped refreshing
 * it for longer than `stale` (a crashed process) is taken over; a live one is refused.
 * Resolves to the release function.
 */
export async function lockDataDir(
  dbDir: string,
  options: DataDirLockOptions = {},
): Promise<() => Promise<void>> {
  mkdirSync(dbDir, { recursive: true });
  try {
    return await lockfile.lock(dbDir, {
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
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new DataDirInUseError(
        `O diretório de dados ${dirname(dbDir)} já está em uso por outro processo do Ponte. ` +
          'Encerre o outro processo ou use outro PONTE_DATA_DIR.',
      );
    }
    throw error;
  }
}
