import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe } from 'vitest';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/client';
import { openPgliteFromTemplate } from './pglite-template';

export type DriverName = 'pglite' | 'postgres';

/** postgres://… of a server where tests may create and drop databases. */
export const postgresTestUrl = process.env.PONTE_TEST_DATABASE_URL?.trim() || null;

async function runAsAdmin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh PostgreSQL database with a random name; dropped when the handle closes. */
async function createPostgresDatabase(url: string): Promise<DatabaseHandle> {
  const name = `ponte_test_${randomBytes(6).toString('hex')}`;
  await runAsAdmin(url, `create database "${name}"`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  let handle: DatabaseHandle;
  try {
    handle = await openPostgres(target.toString());
  } catch (error) {
    await runAsAdmin(url, `drop database if exists "${name}" with (force)`);
    throw error;
  }
  return {
    ...handle,
    async close() {
      await handle.close();
      await runAsAdmin(url, `drop database if exists "${name}" with (force)`);
    },
  };
}

/** An empty, migrated database: PGlite in memory, or a new database on PONTE_TEST_DATABASE_URL. */
export function createTestDatabase(driver: DriverName): Promise<DatabaseHandle> {
  if (driver === 'pglite') return openPgliteFromTemplate();
  if (!postgresTestUrl) throw new Error('PONTE_TEST_DATABASE_URL is not set');
  return createPostgresDatabase(postgresTestUrl);
}

export interface SharedTestDatabase {
  /** What another process opens: `pglite:<folder>` or a postgres:// URL. */
  location: string;
  open(): Promise<DatabaseHandle>;
  /** Removes the folder or drops the database (every handle closed before). */
  dispose(): Promise<void>;
}

/**
 * A migrated database that another process can open too, one at a time for PGlite: a PGlite
 * folder on disk, or a new database on PONTE_TEST_DATABASE_URL.
 */
export async function createSharedTestDatabase(driver: DriverName): Promise<SharedTestDatabase> {
  if (driver === 'pglite') {
    const folder = mkdtempSync(join(tmpdir(), 'ponte-shared-'));
    const dbDir = join(folder, 'db');
    return {
      location: `pglite:${dbDir}`,
      open: () => openPglite(dbDir),
      dispose: async () => rmSync(folder, { recursive: true, force: true }),
    };
  }
  if (!postgresTestUrl) throw new Error('PONTE_TEST_DATABASE_URL is not set');
  const name = `ponte_test_${randomBytes(6).toString('hex')}`;
  await runAsAdmin(postgresTestUrl, `create database "${name}"`);
  const target = new URL(postgresTestUrl);
  target.pathname = `/${name}`;
  return {
    location: target.toString(),
    open: () => openPostgres(target.toString()),
    dispose: () => runAsAdmin(postgresTestUrl, `drop database if exists "${name}" with (force)`),
  };
}

/**
 * Writes a suite once and runs it on PGlite and, when PONTE_TEST_DATABASE_URL is set, on
 * PostgreSQL; without it the PostgreSQL copy is listed as skipped, never failed.
 */
export function describeEachDriver(title: string, body: (driver: DriverName) => void): void {
  describe(`${title} [PGlite]`, () => body('pglite'));
  if (postgresTestUrl) {
    describe(`${title} [PostgreSQL]`, () => body('postgres'));
  } else {
    describe.skip(`${title} [PostgreSQL] (defina PONTE_TEST_DATABASE_URL para rodar)`, () =>
      body('postgres'));
  }
}
