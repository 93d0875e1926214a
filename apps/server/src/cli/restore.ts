import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { extract } from 'tar';
import { lockDataDir } from '../db/data-dir-lock';
import { embeddedDatabaseName, startEmbeddedPostgres } from '../db/embedded-postgres';
import { EmbeddedDatabaseError } from '../db/embedded-postgres-host';
import { migratePostgres } from '../db/migrate';
import { loadDatabase, RestoreCountError } from './backup-database';
import { buildMigrations, migrateTo } from './backup-migrations';
import { storageEntries, type BackupManifest } from './backup';
import { connectTo, type DatabasePlace } from './backup-source';
import { CliError } from './cli-error';

async function isEmptyDir(path: string): Promise<boolean> {
  if (!existsSync(path)) return true;
  try {
    return (await readdir(path)).length === 0;
  } catch {
    return false;
  }
}

async function readManifest(dataDir: string): Promise<BackupManifest> {
  try {
    const manifest = JSON.parse(await readFile(join(dataDir, 'manifest.json'), 'utf8'));
    if ((manifest as { format?: unknown }).format !== 1) throw new Error('format');
    return manifest as BackupManifest;
  } catch {
    throw new CliError('O arquivo não é um backup do Ponte (manifest.json ausente ou inválido).');
  }
}

/** Refuses a backup of a migration this build does not have (a newer Ponte's, or unknown). */
async function checkMigration(manifest: BackupManifest): Promise<void> {
  const migrations = await buildMigrations();
  const last = migrations.at(-1)?.when ?? 0;
  if (manifest.migrations.lastAt > last || manifest.migrations.count > migrations.length) {
    throw new CliError(
      `O backup foi feito por uma versão mais nova do Ponte (${manifest.ponteVersion}, migração ${manifest.migrationTag ?? manifest.migrations.count}). Atualize o Ponte antes de restaurar.`,
    );
  }
  const same = migrations[manifest.migrations.count - 1]?.when ?? 0;
  if (same !== manifest.migrations.lastAt) {
    throw new CliError('O backup tem migrações que esta versão do Ponte não conhece.');
  }
}

async function isEmptyDatabase(url: string): Promise<boolean> {
  const client = await connectTo(url);
  try {
    const found = await client.query(
      "select 1 from pg_tables where schemaname in ('public', 'drizzle') limit 1",
    );
    return found.rowCount === 0;
  } finally {
    await client.end();
  }
}

/** Loads the archive's rows: the dump's schema, its rows, then this build's later migrations. */
async function restoreDatabase(url: string, dataDir: string, manifest: BackupManifest) {
  const client = await connectTo(url);
  try {
    await migrateTo(client, manifest.migrations.count);
    await loadDatabase(client, join(dataDir, 'database'), manifest);
    await migratePostgres(client);
  } finally {
    await client.end();
  }
}

/** Starts the embedded PostgreSQL of the new data dir for the load, and stops it after. */
async function withEmbedded(place: DatabasePlace, work: (url: string) => Promise<void>) {
  const folder = join(place.dataDir, 'postgres');
  const release = await lockDataDir(folder);
  try {
    const server = await startEmbeddedPostgres({ folder, user: place.embeddedDbUser });
    try {
      await work(server.urlOf(embeddedDatabaseName));
    } finally {
      await server.stop();
    }
  } finally {
    await release();
  }
}

/**
 * Puts a backup archive back into an empty data dir (and, with DATABASE_URL, an empty
 * database). On any failure the data dir is emptied again: nothing is left half restored.
 */
export async function restoreBackup(
  place: DatabasePlace,
  archive: string,
): Promise<BackupManifest> {
  if (!existsSync(archive)) throw new CliError(`O arquivo ${archive} não foi encontrado.`);
  if (!(await isEmptyDir(place.dataDir))) {
    throw new CliError(
      'A pasta de dados (PONTE_DATA_DIR) não está vazia. A restauração só é feita numa pasta vazia; nada foi alterado.',
    );
  }
  if (place.databaseUrl && !(await isEmptyDatabase(place.databaseUrl))) {
    throw new CliError(
      'O banco de DATABASE_URL não está vazio. A restauração só é feita num banco vazio; nada foi alterado.',
    );
  }
  await mkdir(place.dataDir, { recursive: true });
  try {
    try {
      await extract({ file: archive, cwd: place.dataDir });
    } catch {
      throw new CliError(`Não foi possível ler o arquivo ${archive} como um backup do Ponte.`);
    }
    const manifest = await readManifest(place.dataDir);
    await checkMigration(manifest);
    const load = (url: string) => restoreDatabase(url, place.dataDir, manifest);
    if (place.databaseUrl) await load(place.databaseUrl);
    else await withEmbedded(place, load);
    const files = (await storageEntries(join(place.dataDir, 'storage'))).files;
    if (files !== manifest.files) {
      throw new CliError(
        `O Storage restaurado tem ${files} arquivo(s); o backup tem ${manifest.files}.`,
      );
    }
    await rm(join(place.dataDir, 'database'), { recursive: true, force: true });
    await rm(join(place.dataDir, 'manifest.json'), { force: true });
    return manifest;
  } catch (error) {
    await emptyDir(place.dataDir);
    if (error instanceof RestoreCountError) throw new CliError(error.message);
    if (error instanceof EmbeddedDatabaseError) throw new CliError(error.message);
    throw error;
  }
}

async function emptyDir(path: string): Promise<void> {
  for (const name of await readdir(path).catch(() => [])) {
    await rm(join(path, name), { recursive: true, force: true });
  }
}
