import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { expect, it } from 'vitest';
import { migrationsDir } from '../package-root';
import { migrationsBefore } from '../test/migrations-before';
import { pgliteExtensions } from './client';

const migration = '0033_member_roles';
it('keeps every right a member had: the owner is Proprietário, the others Administrador', async () => {
  const before = await migrationsBefore(migration);
  const client = await PGlite.create({ extensions: pgliteExtensions });
  try {
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: before.folder });
    await client.exec(`
      insert into customers (id, name) values ('c', 'Cliente');
      insert into workspaces (id, customer_id, name) values ('w1', 'c', 'Um'), ('w2', 'c', 'Dois');
      insert into users (id, customer_id, email, name, password_hash, is_owner) values
        ('dona', 'c', 'dona@exemplo.com.br', 'Dona', 'x', true),
        ('ana', 'c', 'ana@exemplo.com.br', 'Ana', 'x', false);
      insert into memberships (user_id, workspace_id) values
        ('dona', 'w1'), ('dona', 'w2'), ('ana', 'w1');
    `);
    await migrate(db, { migrationsFolder: migrationsDir });
    const rows = await client.query(
      'select user_id, workspace_id, role from memberships order by user_id, workspace_id',
    );
    expect(rows.rows).toEqual([
      { user_id: 'ana', workspace_id: 'w1', role: 'admin' },
      { user_id: 'dona', workspace_id: 'w1', role: 'owner' },
      { user_id: 'dona', workspace_id: 'w2', role: 'owner' },
    ]);
    await expect(
      client.exec(`update memberships set role = 'chefe' where user_id = 'ana'`),
    ).rejects.toThrow(/memberships_role_known/);
  } finally {
    await client.close();
    await before.dispose();
  }
});
