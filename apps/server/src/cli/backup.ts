import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { create } from 'tar';
import { serverRoot } from '../package-root';
import { dumpDatabase, type DatabaseDump } from './backup-database';
import { buildMigrations } from './backup-migrations';
import { connectTo, withDatabaseToBackUp, type DatabasePlace } from './backup-source';
import { CliError } from './cli-error';

/** `manifest.json` of a backup archive (docs/adr/0130). */
export interface BackupManifest extends DatabaseDump {
  format: 1;
  ponteVersion: string;
  /** The tag of the last migration the database had. */
  migrationTag: string | null;
  createdAt: string;
  /** Storage files in the archive; 0 with S3, whose objects are not in it. */
  files: number;
  storageDriver: 'local' | 's3';
  secrets: boolean;
}

export interface BackupOptions extends DatabasePlace {
  storageDriver: 'local' | 's3';
  out: string;
  now?: Date;
}

/** The temp files of the local driver's writes under way are not the workspace's files. */
const isUploadInProgress = (name: string) => name.startsWith('.ponte-upload-');

/** The folders and files under `folder`, as paths relative to it; `files`: how many are files. */
export async function storageEntries(folder: string): Promise<{ paths: string[]; files: number }> {
  if (!existsSync(folder)) return { paths: [], files: 0 };
  const paths: string[] = [];
  let files = 0;
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    if (isUploadInProgress(entry.name) || !(entry.isFile() || entry.isDirectory())) continue;
    paths.push(relative(folder, join(entry.parentPath, entry.name)));
    if (entry.isFile()) files += 1;
  }
  return { paths, files };
}

async function ponteVersion(): Promise<string> {
  const manifest = JSON.parse(await readFile(join(serverRoot, 'package.json'), 'utf8'));
  return String((manifest as { version?: string }).version ?? '0.0.0');
}

/**
 * Writes one `.tar.gz`: `manifest.json`, `database/<table>.copy` (one consistent snapshot),
 * `storage/` (local driver) and `secrets.json`. Works while the server runs.
 */
export async function writeBackup(options: BackupOptions): Promise<BackupManifest> {
  const out = resolve(options.out);
  if (existsSync(out)) throw new CliError(`O arquivo ${options.out} já existe.`);
  if (!existsSync(dirname(out))) {
    throw new CliError(`A pasta onde gravar ${options.out} não existe.`);
  }
  const staging = await mkdtemp(join(dirname(out), '.ponte-backup-'));
  try {
    await mkdir(join(staging, 'database'));
    const dump = await withDatabaseToBackUp(options, async (url) => {
      const client = await connectTo(url);
      try {
        return await dumpDatabase(client, join(staging, 'database'));
      } finally {
        await client.end();
      }
    });
    const migrations = await buildMigrations();
    const entries = [
      'manifest.json',
      'database',
      ...dump.tables.map((table) => join('database', `${table.name}.copy`)),
    ];
    const storage = join(options.dataDir, 'storage');
    // Listed once, then packed one by one: the manifest counts exactly the files packed.
    const listed =
      options.storageDriver === 'local' && existsSync(storage)
        ? await storageEntries(storage)
        : null;
    if (listed) {
      await symlink(resolve(storage), join(staging, 'storage'));
      entries.push('storage', ...listed.paths.map((path) => join('storage', path)));
    }
    const secrets = join(options.dataDir, 'secrets.json');
    const hasSecrets = existsSync(secrets);
    if (hasSecrets) {
      await symlink(resolve(secrets), join(staging, 'secrets.json'));
      entries.push('secrets.json');
    }
    const manifest: BackupManifest = {
      format: 1,
      ponteVersion: await ponteVersion(),
      migrationTag: migrations.find((entry) => entry.when === dump.migrations.lastAt)?.tag ?? null,
      createdAt: (options.now ?? new Date()).toISOString(),
      ...dump,
      files: listed?.files ?? 0,
      storageDriver: options.storageDriver,
      secrets: hasSecrets,
    };
    await writeFile(join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await create(
      {
        gzip: true,
        file: out,
        cwd: staging,
        follow: true,
        portable: true,
        noDirRecurse: true,
        filter: (path) => !isUploadInProgress(path.split('/').pop() ?? ''),
      },
      entries,
    );
    return manifest;
  } catch (error) {
    await rm(out, { force: true });
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
