import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { expect, it } from 'vitest';
import { migrationsDir } from '../package-root';
import { migrationsBefore } from '../test/migrations-before';
import { pgliteExtensions } from './client';

const migration = '0022_service_account_names';
it('renames the service accounts that already share a name, deleting none, before refusing new ones', async () => {
  const before = await migrationsBefore(migration);
  const client = await PGlite.create({ extensions: pgliteExtensions });
  try {
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: before.folder });
    await client.exec(`
      insert into customers (id, name) values ('c', 'Cliente');
      insert into workspaces (id, customer_id, name) values ('w1', 'c', 'Um'), ('w2', 'c', 'Dois');
      insert into service_accounts (id, workspace_id, name, auth_type, created_at) values
        ('a1', 'w1', 'SMTP', 'smtp_account', '2026-01-01'),
        ('a2', 'w1', 'smtp', 'smtp_account', '2026-01-02'),
        ('a3', 'w1', 'SMTP', 'smtp_account', '2026-01-03'),
        ('a4', 'w1', 'SMTP (2)', 'smtp_account', '2026-01-04'),
        ('a5', 'w2', 'SMTP', 'smtp_account', '2026-01-05'),
        ('a6', 'w1', '${'x'.repeat(120)}', 'bearer_token', '2026-01-06'),
        ('a7', 'w1', '${'x'.repeat(120)}', 'bearer_token', '2026-01-07');
    `);
    await migrate(db, { migrationsFolder: migrationsDir });
    const { rows } = await client.query<{ id: string; name: string }>(
      'select id, name from service_accounts order by id',
    );
    expect(rows).toEqual([
      { id: 'a1', name: 'SMTP' },
      { id: 'a2', name: 'smtp (3)' },
      { id: 'a3', name: 'SMTP (4)' },
      { id: 'a4', name: 'SMTP (2)' },
      { id: 'a5', name: 'SMTP' },
      { id: 'a6', name: 'x'.repeat(120) },
      { id: 'a7', name: `${'x'.repeat(116)} (2)` },
    ]);
    await expect(
      client.query(
        `insert into service_accounts (id, workspace_id, name, auth_type) values ('a8', 'w1', 'Smtp', 'smtp_account')`,
      ),
    ).rejects.toThrow('service_accounts_workspace_name_unique');
  } finally {
    await client.close();
    await before.dispose();
  }
});
