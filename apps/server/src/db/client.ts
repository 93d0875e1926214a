import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockDataDir, type DataDirLockOptions } from './data-dir-lock';
import {
  embeddedDatabaseName,
  startEmbeddedPostgres,
  type EmbeddedPostgresEvent,
} from './embedded-postgres';
import { migrateLegacyDataDir, type LegacyMove } from './legacy-data-dir';
import { migratePglite, migratePostgres } from './migrate';
import { initPgliteDataDir } from './pglite-initdb';
import { schema } from './schema';

/** What repositories see: the same query builder for both drivers. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  /** 'embedded': the PostgreSQL Ponte starts itself (docs/adr/0057); 'pglite': in-process. */
  driver: 'embedded' | 'pglite' | 'postgres';
  /** Runs `select 1`; rejects when the database does not answer. */
  ping(): Promise<void>;
  /**
   * PostgreSQL (external or embedded): where a connection of its own is opened, outside the
   * pool (the single-process guard's lock, docs/adr/0065). Absent for PGlite.
   */
  connectionUrl?: string;
  close(): Promise<void>;
}

function pingOf(db: Database) {
  return async () => {
    await db.execute(sql`select 1`);
  };
}

/** Wraps an open PGlite client: applies the migrations and builds the handle. */
export async function pgliteHandle(
  client: PGlite,
  release: (() => Promise<void>) | null = null,
): Promise<DatabaseHandle> {
  const db = drizzlePglite({ client, schema });
  await migratePglite(db);
  let closed = false;
  return {
    db,
    driver: 'pglite',
    ping: pingOf(db),
    async close() {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        await release?.();
      }
    },
  };
}

/** Every open of PGlite loads the extensions later migrations rely on. */
export const pgliteExtensions = { pg_trgm };

/**
 * PGlite's defaults plus small shared buffers: PostgreSQL touches all of them at start, and the
 * default 128 MB would be most of an idle server's memory. One connection needs far less.
 */
export const pgliteStartParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** PGlite in memory (`dataDir` null) or in a folder this process must own. */
export async function openPglite(
  dataDir: string | null,
  lockOptions?: DataDirLockOptions,
): Promise<DatabaseHandle> {
  const release = dataDir === null ? null : await lockDataDir(dataDir, lockOptions);
  let client: PGlite | null = null;
  try {
    if (dataDir !== null) await initPgliteDataDir(dataDir);
    client = await PGlite.create({
      ...(dataDir === null ? {} : { dataDir }),
      extensions: pgliteExtensions,
      startParams: pgliteStartParams,
    });
    return await pgliteHandle(client, release);
  } catch (error) {
    await client?.close().catch(() => undefined);
    await release?.();
    throw error;
  }
}

/** The database at DATABASE_URL does not answer (refused, unknown host, bad credentials…). */
export class DatabaseUnreachableError extends Error {
  override name = 'DatabaseUnreachableError';
}

/** The driver's own words: an AggregateError (IPv4 and IPv6 both refused) has an empty message. */
function connectionReason(error: unknown): string {
  if (error instanceof AggregateError && !error.message) {
    return error.errors.map((each) => connectionReason(each)).join('; ');
  }
  return error instanceof Error ? error.message : String(error);
}

export async function openPostgres(
  url: string,
  onIdleError?: (error: Error) => void,
): Promise<DatabaseHandle> {
  // A server that stops answering (cable cut, host down) fails a connection in 10 s instead of
  // the system's TCP timeout, so writes waiting for it are retried (docs/adr/0019).
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // A connection left idle 1 s is closed (node-postgres keeps one 10 s): each is a PostgreSQL
    // process of 3 to 7 MB, and the start's burst of queries left all 10 open (docs/adr/0127).
    // Under steady load none stays idle that long.
    idleTimeoutMillis: 1_000,
    connectionTimeoutMillis: 10_000,
    keepAlive: true,
  });
  pool.on('error', (error) => onIdleError?.(error));
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new DatabaseUnreachableError(connectionReason(error), { cause: error });
  }
  try {
    await migratePostgres(pool);
    const db = drizzlePostgres({ client: pool, schema });
    let closed = false;
    return {
      db,
      driver: 'postgres',
      connectionUrl: url,
      ping: pingOf(db),
      async close() {
        if (closed) return;
        closed = true;
        await pool.end();
      },
    };
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
}

export interface EmbeddedDatabaseOptions extends DataDirLockOptions {
  /** As root: the system user that runs PostgreSQL (PONTE_EMBEDDED_DB_USER). */
  user?: string | null;
  settings?: Record<string, string>;
  onEvent?: (event: EmbeddedPostgresEvent) => void;
  onIdleError?: (error: Error) => void;
  /** The data of an earlier version's in-process database was moved in (docs/adr/0058). */
  onLegacyMoved?: (move: LegacyMove) => void;
}

/**
 * The embedded database (docs/adr/0057): the PostgreSQL of `<dataDir>/postgres`, which this
 * process owns (a second one is refused), starts and stops. A data dir of the in-process
 * database of earlier versions is copied into it once (docs/adr/0058).
 */
export async function openEmbedded(
  dataDir: string,
  options: EmbeddedDatabaseOptions = {},
): Promise<DatabaseHandle & { serverPid(): number | null }> {
  const folder = join(dataDir, 'postgres');
  const release = await lockDataDir(folder, options);
  let server: Awaited<ReturnType<typeof startEmbeddedPostgres>> | null = null;
  try {
    server = await startEmbeddedPostgres({
      folder,
      user: options.user ?? null,
      ...(options.settings ? { settings: options.settings } : {}),
      ...(options.onEvent ? { onEvent: options.onEvent } : {}),
    });
    const url = server.urlOf(embeddedDatabaseName);
    const moved = await migrateLegacyDataDir(dataDir, url);
    if (moved) options.onLegacyMoved?.(moved);
    const handle = await openPostgres(url, options.onIdleError);
    const running = server;
    let closed = false;
    return {
      ...handle,
      driver: 'embedded',
      serverPid: () => running.pid(),
      async close() {
        if (closed) return;
        closed = true;
        try {
          await handle.close();
          await running.stop();
        } finally {
          await release();
        }
      },
    };
  } catch (error) {
    await server?.stop().catch(() => undefined);
    await release();
    throw error;
  }
}

/** DATABASE_URL set → PostgreSQL; otherwise the embedded PostgreSQL. Migrations applied. */
export function openDatabase(
  config: { dataDir: string; databaseUrl: string | null; embeddedDbUser?: string | null },
  embedded: Omit<EmbeddedDatabaseOptions, 'user'> = {},
): Promise<DatabaseHandle> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, embedded.onIdleError)
    : openEmbedded(config.dataDir, { ...embedded, user: config.embeddedDbUser ?? null });
}
