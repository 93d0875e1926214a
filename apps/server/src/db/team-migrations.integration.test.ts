import { expect, it } from 'vitest';
import { acrossMigration } from '../test/migrations-before';

it('keeps every right a member had: the owner is Proprietário, the others Administrador', async () => {
  await acrossMigration('0033_member_roles', {
    before: (client) =>
      client.exec(`
        insert into customers (id, name) values ('c', 'Cliente');
        insert into workspaces (id, customer_id, name) values ('w1', 'c', 'Um'), ('w2', 'c', 'Dois');
        insert into users (id, customer_id, email, name, password_hash, is_owner) values
          ('dona', 'c', 'dona@exemplo.com.br', 'Dona', 'x', true),
          ('ana', 'c', 'ana@exemplo.com.br', 'Ana', 'x', false);
        insert into memberships (user_id, workspace_id) values
          ('dona', 'w1'), ('dona', 'w2'), ('ana', 'w1');
      `),
    async after(client) {
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
    },
  });
});

it('gives the API tokens made before scopes what the MCP server needed: read and run flows', async () => {
  await acrossMigration('0034_api_key_scopes', {
    before: (client) =>
      client.exec(`
        insert into customers (id, name) values ('c', 'Cliente');
        insert into workspaces (id, customer_id, name) values ('w1', 'c', 'Um');
        insert into api_tokens (id, workspace_id, name, token_hash, hint, created_at)
          values ('t1', 'w1', 'Claude', 'hash', 'ponte_AbCd…', now());
      `),
    async after(client) {
      const rows = await client.query('select id, scopes from api_tokens');
      expect(rows.rows).toEqual([{ id: 't1', scopes: ['flows.read', 'flows.run'] }]);
    },
  });
});
