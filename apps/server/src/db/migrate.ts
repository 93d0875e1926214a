import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePgliteDb } from 'drizzle-orm/pglite/migrator';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgresDb } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsDir } from '../package-root';
import type { schema } from './schema';

type Schema = typeof schema;

/** Applies the drizzle-kit migrations found in apps/server/drizzle. */
export async function migratePglite(db: PgliteDatabase<Schema>): Promise<void> {
  await migratePgliteDb(db, { migrationsFolder: migrationsDir });
}

/** The advisory lock key of the migrations: 'ponte-migrations' as a number. */
const migrationLock = 0x706f6e7465;

/**
 * Applies the migrations under a session advisory lock: several processes starting together on
 * one database migrate one after another (the later ones find nothing left to apply) instead of
 * racing to create the same tables.
 */
export async function migratePostgres(source: pg.Pool | pg.Client): Promise<void> {
  const pooled = source instanceof pg.Pool ? await source.connect() : null;
  const client = pooled ?? (source as pg.Client);
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLock]);
    try {
      await migratePostgresDb(drizzle({ client }), { migrationsFolder: migrationsDir });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [migrationLock]);
    }
  } finally {
    pooled?.release();
  }
}
