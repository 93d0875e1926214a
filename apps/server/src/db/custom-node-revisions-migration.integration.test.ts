import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { expect, it } from 'vitest';
import { migrationsDir } from '../package-root';
import { migrationsBefore } from '../test/migrations-before';
import { pgliteExtensions } from './client';

const migration = '0032_custom_node_revisions';
it("opens each connector's history with the code versions it kept, and its revision is the last", async () => {
  const before = await migrationsBefore(migration);
  const client = await PGlite.create({ extensions: pgliteExtensions });
  try {
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: before.folder });
    await client.exec(`
      insert into customers (id, name) values ('c', 'Cliente');
      insert into workspaces (id, customer_id, name) values ('w1', 'c', 'Um');
      insert into custom_nodes (id, workspace_id, name, description, code, params, version, deleted_at)
        values ('n1', 'w1', 'CEP', 'Busca o CEP', 'v2', '[{"name":"uf"}]', 2, null),
               ('n2', 'w1', 'Removido', 'Já era', 'v1', '[]', 1, '2026-05-01');
      insert into custom_node_versions (custom_node_id, version, params, code, created_at) values
        ('n1', 1, '[]', 'v1', '2026-01-01'),
        ('n1', 2, '[{"name":"uf"}]', 'v2', '2026-02-01'),
        ('n2', 1, '[]', 'v1', '2026-03-01');
    `);
    await migrate(db, { migrationsFolder: migrationsDir });
    const nodes = await client.query('select id, version, revision from custom_nodes order by id');
    expect(nodes.rows).toEqual([
      { id: 'n1', version: 2, revision: 2 },
      { id: 'n2', version: 1, revision: 1 },
    ]);
    const versions = await client.query<{ number: number; document: Record<string, unknown> }>(
      `select resource_id, number, document, author_name from resource_versions
        where kind = 'custom_node' order by resource_id, number`,
    );
    expect(versions.rows).toEqual([
      expect.objectContaining({ resource_id: 'n1', number: 1, author_name: null }),
      expect.objectContaining({ resource_id: 'n1', number: 2, author_name: null }),
    ]);
    expect(versions.rows[0]!.document).toMatchObject({
      name: 'CEP',
      description: 'Busca o CEP',
      code_execution_content: 'v1',
      params: [],
      group: null,
    });
    expect(versions.rows[1]!.document).toMatchObject({
      code_execution_content: 'v2',
      params: [{ name: 'uf' }],
    });
  } finally {
    await client.close();
    await before.dispose();
  }
});
