import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client';
import { createSharedTestDatabase, postgresTestUrl } from '../test/test-database';

if (!postgresTestUrl) {
  console.warn(
    'Migrações de processos que iniciam juntos: PONTE_TEST_DATABASE_URL ausente, teste ignorado.',
  );
}

describe.skipIf(!postgresTestUrl)('migrations of processes starting together', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('migrates a new database once when several processes open it at the same moment', async () => {
    // An empty database: nothing migrated yet (no template).
    const shared = await createSharedTestDatabase('postgres');
    cleanups.push(() => shared.dispose());
    const opened = await Promise.allSettled([1, 2, 3, 4].map(() => shared.open()));
    for (const outcome of opened) {
      if (outcome.status === 'fulfilled') {
        const handle: DatabaseHandle = outcome.value;
        cleanups.push(() => handle.close());
      }
    }
    expect(opened.map((outcome) => outcome.status)).toEqual(Array(4).fill('fulfilled'));

    const client = new pg.Client({ connectionString: shared.location });
    await client.connect();
    try {
      const applied = await client.query<{ n: string; distinct_hashes: string }>(
        'select count(*) as n, count(distinct hash) as distinct_hashes from drizzle.__drizzle_migrations',
      );
      expect(Number(applied.rows[0]!.n)).toBeGreaterThan(0);
      expect(applied.rows[0]!.n).toBe(applied.rows[0]!.distinct_hashes);
    } finally {
      await client.end();
    }
  });
});
