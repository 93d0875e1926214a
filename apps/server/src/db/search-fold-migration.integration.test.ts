import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsDir } from '../package-root';
import { migrationsBefore } from '../test/migrations-before';
import { createSharedTestDatabase, postgresTestUrl } from '../test/test-database';
import { pgliteExtensions } from './client';
import { schema } from './schema';

interface Upgraded {
  exec(statement: string): Promise<void>;
  query(statement: string): Promise<Record<string, string>[]>;
  migrateAll(): Promise<void>;
}

/** On a database migrated up to 0020: an old-style field index, then the migrations, checked. */
async function upgrade(database: Upgraded) {
  // A table's field index as record-sql.ts wrote it before.
  await database.exec(
    `create index "db_records_ix_antigo" on db_records using gin ((data->>'nome') gin_trgm_ops) with (fastupdate = off) where table_id = 't-1'`,
  );

  await database.migrateAll();

  const rows = await database.query(
    `select indexname, indexdef from pg_indexes where indexname in ('db_records_ix_antigo', 'logs_message_fold_trgm_idx', 'logs_label_fold_trgm_idx', 'logs_message_trgm_idx') order by indexname`,
  );
  expect(rows.map((row) => row.indexname)).toEqual([
    'db_records_ix_antigo',
    'logs_label_fold_trgm_idx',
    'logs_message_fold_trgm_idx',
  ]);
  expect(rows[0]!.indexdef).toMatch(
    /USING gin \(ponte_fold\(\(data ->> 'nome'::text\)\) gin_trgm_ops\) WITH \(fastupdate='?off'?\) WHERE \(table_id = 't-1'::text\)$/,
  );
  const folded = await database.query(`select ponte_fold('SAUDAÇÃO Logística') as f`);
  expect(folded[0]!.f).toBe('saudacao logistica');
}

describe('the migration to accent-forgiving search (docs/adr/0079)', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('re-creates the text filter indexes of existing tables on the folded text (PGlite)', async () => {
    const before = await migrationsBefore('0021_search_forgives_accents');
    cleanups.push(before.dispose);
    const client = await PGlite.create({ extensions: pgliteExtensions });
    cleanups.push(() => client.close());
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder: before.folder });
    await upgrade({
      exec: async (statement) => void (await client.exec(statement)),
      query: async (statement) => (await client.query(statement)).rows as Record<string, string>[],
      migrateAll: () => migrate(db, { migrationsFolder: migrationsDir }),
    });
  });

  it.skipIf(!postgresTestUrl)(
    're-creates the text filter indexes of existing tables on the folded text (PostgreSQL)',
    async () => {
      const before = await migrationsBefore('0021_search_forgives_accents');
      cleanups.push(before.dispose);
      const database = await createSharedTestDatabase('postgres');
      cleanups.push(() => database.dispose());
      const client = new pg.Client({ connectionString: database.location });
      await client.connect();
      cleanups.push(() => client.end());
      const db = drizzlePostgres({ client });
      await migratePostgres(db, { migrationsFolder: before.folder });
      await upgrade({
        exec: async (statement) => void (await client.query(statement)),
        query: async (statement) =>
          (await client.query(statement)).rows as Record<string, string>[],
        migrateAll: () => migratePostgres(db, { migrationsFolder: migrationsDir }),
      });
    },
  );
});
