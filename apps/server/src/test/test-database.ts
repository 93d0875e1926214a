import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, inject } from 'vitest';
import { openPostgres, type DatabaseHandle } from '../db/client';
import { templateDatabase } from './embedded-test-server';

/**
 * 'embedded': the embedded PostgreSQL as Ponte starts it (one server for the run, see
 * embedded-test-server.ts); 'postgres': the external server of PONTE_TEST_DATABASE_URL.
 */
export type DriverName = 'embedded' | 'postgres';

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

/** `url` with another database name. */
function withDatabase(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

/**
 * A fresh database with a random name on the server of `url` (copied from `template` when
 * given, else migrated on open); dropped when the handle closes.
 */
async function createPostgresDatabase(url: string, template?: string): Promise<DatabaseHandle> {
  const name = `ponte_test_${randomBytes(6).toString('hex')}`;
  await runAsAdmin(url, `create database "${name}"${template ? ` template "${template}"` : ''}`);
  let handle: DatabaseHandle;
  try {
    handle = await openPostgres(withDatabase(url, name));
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

/** The run's embedded server (`postgres` database), as the globalSetup provided it. */
function embeddedAdminUrl(): string {
  return `${inject('embeddedTestServer')}postgres`;
}

/** An empty, migrated database: on the run's embedded PostgreSQL, or on PONTE_TEST_DATABASE_URL. */
export function createTestDatabase(driver: DriverName): Promise<DatabaseHandle> {
  if (driver === 'embedded') return createPostgresDatabase(embeddedAdminUrl(), templateDatabase);
  if (!postgresTestUrl) throw new Error('PONTE_TEST_DATABASE_URL is not set');
  return createPostgresDatabase(postgresTestUrl);
}

export interface SharedTestDatabase {
  /** What another process opens: a postgres:// URL. */
  location: string;
  open(): Promise<DatabaseHandle>;
  /** Drops the database (every handle closed before). */
  dispose(): Promise<void>;
}

/** A migrated database that other processes can open too. */
export async function createSharedTestDatabase(driver: DriverName): Promise<SharedTestDatabase> {
  const admin = driver === 'embedded' ? embeddedAdminUrl() : postgresTestUrl;
  if (!admin) throw new Error('PONTE_TEST_DATABASE_URL is not set');
  const name = `ponte_test_${randomBytes(6).toString('hex')}`;
  const template = driver === 'embedded' ? ` template "${templateDatabase}"` : '';
  await runAsAdmin(admin, `create database "${name}"${template}`);
  const location = withDatabase(admin, name);
  return {
    location,
    open: () => openPostgres(location),
    dispose: () => runAsAdmin(admin, `drop database if exists "${name}" with (force)`),
  };
}

/**
 * Writes a suite once and runs it on the embedded PostgreSQL and, when PONTE_TEST_DATABASE_URL is set, on
 * PostgreSQL; without it the PostgreSQL copy is listed as skipped, never failed.
 */
export function describeEachDriver(title: string, body: (driver: DriverName) => void): void {
  describe(`${title} [embutido]`, () => body('embedded'));
  if (postgresTestUrl) {
    describe(`${title} [PostgreSQL]`, () => body('postgres'));
  } else {
    describe.skip(`${title} [PostgreSQL] (defina PONTE_TEST_DATABASE_URL para rodar)`, () =>
      body('postgres'));
  }
}
