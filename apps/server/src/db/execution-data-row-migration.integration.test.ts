import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createExecutionDataRepository } from '../modules/executions/execution-data.repository';
import { migrationsDir } from '../package-root';
import { migrationsBefore } from '../test/migrations-before';
import { createSharedTestDatabase, postgresTestUrl } from '../test/test-database';
import type { Database } from './client';
import { pgliteExtensions } from './client';
import { schema } from './schema';

const migration = '0024_execution_data_row';

// What the build before 0024 kept: a row per node, written in any order.
const runsOf = {
  gatilho: '[{"input":{"a":1},"outputs":[{"output":"default","msg":{"a":1}}],"duration_ms":1}]',
  'código "novo"': '[{"input":{"a":1},"outputs":[],"duration_ms":3,"error":{"message":"Falhou"}}]',
};
const oldRows = `
  insert into execution_node_data
    (execution_id, node_uid, workspace_id, flow_id, seq, summary, runs, bytes, created_at)
  values
    ('e1', 'código "novo"', 'w1', 'f1', 1,
      '{"node_uid":"código \\"novo\\"","status":"error","runs":1,"items":0,"outputs":{},"duration_ms":3,"error":{"message":"Falhou"}}',
      '${runsOf['código "novo"']}', 7, '2026-11-01T10:00:00Z'),
    ('e1', 'gatilho', 'w1', 'f1', 0,
      '{"node_uid":"gatilho","status":"success","runs":1,"items":1,"outputs":{"default":1},"duration_ms":1}',
      '${runsOf.gatilho}', 14, '2026-11-01T10:00:00Z'),
    ('e2', 'gatilho', 'w2', 'f2', 0,
      '{"node_uid":"gatilho","status":"success","runs":1,"items":1,"outputs":{"default":1},"duration_ms":1}',
      '[]', 0, '2026-11-02T10:00:00Z')`;

/** On a database migrated up to 0023 with node data in it: the migrations, then the reads. */
async function upgrade(
  db: Database,
  exec: (statement: string) => Promise<unknown>,
  all: () => Promise<void>,
) {
  await exec(oldRows);
  await all();
  const data = createExecutionDataRepository(db);
  expect((await data.summaries('w1', 'e1')).map((node) => [node.node_uid, node.status])).toEqual([
    ['gatilho', 'success'],
    ['código "novo"', 'error'],
  ]);
  expect(await data.runs('w1', 'e1', 'gatilho')).toBe(runsOf.gatilho);
  expect(await data.runs('w1', 'e1', 'código "novo"')).toBe(runsOf['código "novo"']);
  expect(await data.runs('w1', 'e1', 'outro')).toBeNull();
  // Still scoped to the workspace.
  expect(await data.summaries('w2', 'e1')).toEqual([]);
  expect(await data.runs('w1', 'e2', 'gatilho')).toBeNull();
  expect(await data.runs('w2', 'e2', 'gatilho')).toBe('[]');
  // The retention finds them by the time they were written.
  expect(await data.deleteOlderThan(new Date('2026-11-01T12:00:00Z'))).toBe(1);
  expect(await data.summaries('w1', 'e1')).toEqual([]);
  expect(await data.summaries('w2', 'e2')).toHaveLength(1);
}

describe('the migration to one row of node data per execution (docs/adr/0089)', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('keeps every node data the executions had, in order, readable as before (PGlite)', async () => {
    const before = await migrationsBefore(migration);
    cleanups.push(before.dispose);
    const client = await PGlite.create({ extensions: pgliteExtensions });
    cleanups.push(() => client.close());
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder: before.folder });
    await upgrade(
      db as unknown as Database,
      (statement) => client.exec(statement),
      () => migrate(db, { migrationsFolder: migrationsDir }),
    );
  });

  it.skipIf(!postgresTestUrl)(
    'keeps every node data the executions had, in order, readable as before (PostgreSQL)',
    async () => {
      const before = await migrationsBefore(migration);
      cleanups.push(before.dispose);
      const database = await createSharedTestDatabase('postgres');
      cleanups.push(() => database.dispose());
      const client = new pg.Client({ connectionString: database.location });
      await client.connect();
      cleanups.push(() => client.end());
      const db = drizzlePostgres({ client, schema });
      await migratePostgres(db, { migrationsFolder: before.folder });
      await upgrade(
        db as unknown as Database,
        (statement) => client.query(statement),
        () => migratePostgres(db, { migrationsFolder: migrationsDir }),
      );
    },
  );
});
