import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { openEmbedded } from '../db/client';
import { DataDirInUseError } from '../db/data-dir-lock';
import { embeddedDatabaseName } from '../db/embedded-postgres';
import { EmbeddedDatabaseError } from '../db/embedded-postgres-host';
import { CliError } from './cli-error';

export interface DatabasePlace {
  dataDir: string;
  databaseUrl: string | null;
  embeddedDbUser: string | null;
}

/** Connects to `url`; a database that does not answer is a CLI error in the driver's words. */
export async function connectTo(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw new CliError(
      `Não foi possível conectar ao banco de dados: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return client;
}

/**
 * The URL of the embedded PostgreSQL a running Ponte started: its port is the fourth line of
 * `postmaster.pid`, its role `ponte` with the password kept beside the cluster.
 */
async function runningEmbeddedUrl(dataDir: string): Promise<string> {
  const folder = join(dataDir, 'postgres');
  try {
    const lines = (await readFile(join(folder, 'cluster', 'postmaster.pid'), 'utf8')).split('\n');
    const port = Number.parseInt(lines[3] ?? '', 10);
    const password = (await readFile(join(folder, 'password'), 'utf8')).trim();
    if (!Number.isInteger(port) || port <= 0) throw new Error('no port');
    return `postgres://ponte:${encodeURIComponent(password)}@127.0.0.1:${port}/${embeddedDatabaseName}`;
  } catch {
    throw new CliError(
      'O servidor do Ponte está rodando, mas o banco embutido dele não foi encontrado. Tente de novo em alguns segundos.',
    );
  }
}

/**
 * Runs `work` with the URL of the database to back up: DATABASE_URL; the embedded PostgreSQL
 * of the running server (reached, not stopped); or, when no server runs, the embedded one
 * started for the command and stopped after.
 */
export async function withDatabaseToBackUp<T>(
  place: DatabasePlace,
  work: (url: string) => Promise<T>,
): Promise<T> {
  if (place.databaseUrl) return work(place.databaseUrl);
  if (!existsSync(join(place.dataDir, 'postgres', 'cluster', 'PG_VERSION'))) {
    throw new CliError(
      'Não há banco embutido em PONTE_DATA_DIR para copiar. Confira PONTE_DATA_DIR ou DATABASE_URL.',
    );
  }
  let handle: Awaited<ReturnType<typeof openEmbedded>>;
  try {
    handle = await openEmbedded(place.dataDir, { user: place.embeddedDbUser });
  } catch (error) {
    if (error instanceof DataDirInUseError) return work(await runningEmbeddedUrl(place.dataDir));
    if (error instanceof EmbeddedDatabaseError) throw new CliError(error.message);
    throw error;
  }
  try {
    return await work(handle.connectionUrl!);
  } finally {
    await handle.close();
  }
}
