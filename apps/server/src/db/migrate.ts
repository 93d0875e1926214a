import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePgliteDb } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgresDb } from 'drizzle-orm/node-postgres/migrator';
import { migrationsDir } from '../package-root';
import type { schema } from './schema';

type Schema = typeof schema;

/** Applies the drizzle-kit migrations found in apps/server/drizzle. */
export async function migratePglite(db: PgliteDatabase<Schema>): Promise<void> {
  await migratePgliteDb(db, { migrationsFolder: migrationsDir });
}

export async function migratePostgres(db: NodePgDatabase<Schema>): Promise<void> {
  await migratePostgresDb(db, { migrationsFolder: migrationsDir });
}
