import { expect, it } from 'vitest';
import pg from 'pg';
import { tableSchema } from '@ponte/shared/db-tables.schema';
import { field } from '../test/db-table-fixtures';
import { chain, createFlow, executionsOf, finished } from '../test/flow-fixtures';
import { useTestApp, type TestAccount } from '../test/test-app';
import { describeEachDriver } from '../test/test-database';
import { lockWaiters } from '../test/lock-waits';
import { until } from '../test/until';

/**
 * Every effect has a deadline: a record node waiting on a lock someone else holds is ended by
 * the execution's stop while the lock is still held, and once the lock is let go the write it
 * was waiting to make is not made (the records service stops before its next statement).
 */
describeEachDriver('a node hanging on a port, and the execution stop', (driver) => {
  const t = useTestApp(driver);
  const api = (account: TestAccount) => t.request(account.token);

  it('ends the execution at once, and the waiting write never happens', async () => {
    const account = await t.createAccount();
    const created = await api(account).post('/api/v1/db/tables', {
      name: 'Travada',
      fields: [field('nome')],
    });
    expect(created.statusCode, created.body).toBe(201);
    const table = tableSchema.parse(created.json());
    const added = await api(account).post('/api/v1/db/entities', {
      table: table._id,
      data: { nome: 'Ana' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const recordId = (added.json() as { _id: string })._id;
    const flowId = await createFlow(
      t,
      account,
      chain(
        { type: 'core_manual_trigger' },
        {
          type: 'core_db_update',
          params: { table: table._id, id: recordId, fields: [{ field: 'nome', value: 'Bia' }] },
        },
      ),
    );
    const url = t.database.connectionUrl;
    if (!url) throw new Error('the test database has no connection URL');
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    const waitingOnLock = async () => (await lockWaiters(holder)) > 0;
    try {
      // Someone holds the table: the update's transaction waits for it.
      await holder.query('begin');
      await holder.query('select id from db_tables where id = $1 for update', [table._id]);
      const run = await api(account).post(`/engine/flow/manual-trigger/${flowId}`, {});
      expect(run.statusCode, run.body).toBe(200);
      await until(waitingOnLock, 'a atualização esperando a tabela');
      const [execution] = await executionsOf(t, flowId);
      const stop = await api(account).post('/engine/stop-execution', {
        execution_id: execution!.id,
      });
      expect(stop.statusCode, stop.body).toBe(200);
      const [ended] = await finished(t, flowId);
      expect(ended!.status).toBe('stopped');
      expect(await waitingOnLock()).toBe(true);
      await holder.query('commit');
      await until(async () => !(await waitingOnLock()), 'a atualização sem esperar mais');
    } finally {
      await holder.end();
    }
    const record = await api(account).get(`/api/v1/db/entities/${recordId}`);
    expect(record.json().data).toEqual({ nome: 'Ana' });
  });
});
