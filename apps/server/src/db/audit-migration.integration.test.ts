import { expect, it } from 'vitest';
import { acrossMigration } from '../test/migrations-before';

it('folds the security log into the audit log: every event kept, with its kind, user and time', async () => {
  await acrossMigration('0037_security_log_into_audit', {
    before: (client) =>
      client.exec(`
        insert into security_events (workspace_id, user_id, kind, resource, detail, created_at) values
          ('w1', 'u1', 'sign_in_failed', 'POST /account/v1/authenticate', 'Senha incorreta (IP 10.1.2.3).', '2026-03-10T15:00:00Z'),
          (null, null, 'throttled', 'socket', '', '2026-03-11T15:00:00Z');
      `),
    async after(client) {
      const rows = await client.query(
        `select workspace_id, category, action, user_id, resource, detail, created_at
           from audit_events order by id`,
      );
      expect(rows.rows).toEqual([
        {
          workspace_id: 'w1',
          category: 'security',
          action: 'sign_in_failed',
          user_id: 'u1',
          resource: 'POST /account/v1/authenticate',
          detail: 'Senha incorreta (IP 10.1.2.3).',
          created_at: new Date('2026-03-10T15:00:00Z'),
        },
        {
          workspace_id: null,
          category: 'security',
          action: 'throttled',
          user_id: null,
          resource: 'socket',
          detail: '',
          created_at: new Date('2026-03-11T15:00:00Z'),
        },
      ]);
      await expect(client.query('select 1 from security_events')).rejects.toThrow(
        /security_events/,
      );
    },
  });
});
