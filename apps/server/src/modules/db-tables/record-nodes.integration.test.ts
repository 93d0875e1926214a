import { expect, it } from 'vitest';
import { tableSchema, type Table } from '@ponte/shared/db-tables.schema';
import { messages } from '@ponte/shared/messages';
import { chain, createFlow, finished, userLogsOf } from '../../test/flow-fixtures';
import { field } from '../../test/db-table-fixtures';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';

/** The record nodes in flows run by hand: the engine's records port is the server's service. */
describeEachDriver('record nodes in flows', (driver) => {
  const t = useTestApp(driver);

  async function createTable(account: TestAccount, name: string): Promise<Table> {
    const res = await t.request(account.token).post('/api/v1/db/tables', {
      name,
      fields: [field('email', { is_unique: true }), field('pontos', { type: 'integer' })],
    });
    expect(res.statusCode, res.body).toBe(201);
    return tableSchema.parse(res.json());
  }

  /** Manual Trigger (an e-mail) → insert → find by that e-mail → log of what was found. */
  const insertThenFind = (table: string) =>
    chain(
      {
        type: 'core_manual_trigger',
        params: { fields: [{ name: 'email', label: 'E-mail', type: 'text', required: true }] },
      },
      {
        type: 'core_db_insert',
        uid: 'inserir',
        params: {
          table,
          fields: [
            { field: 'email', value: '{{ msg.payload.email }}' },
            { field: 'pontos', value: '42' },
          ],
        },
      },
      {
        type: 'core_db_find',
        uid: 'buscar',
        params: {
          table,
          filters: [{ field: 'email', operator: 'equals', value: '{{ msg.payload.data.email }}' }],
        },
      },
      {
        type: 'core_log',
        params: {
          label: 'encontrados',
          message:
            '{{ $count(msg.payload) & " " & msg.payload[0].data.email & " " & msg.payload[0].data.pontos }}',
        },
      },
    );

  async function runByHand(account: TestAccount, flowId: string, email: string, runs: number) {
    const res = await t
      .request(account.token)
      .post(`/engine/flow/manual-trigger/${flowId}`, { email });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await finished(t, flowId, runs);
    return rows.find((row) => row.id === (res.json() as { execution_id: string }).execution_id)!;
  }

  it('a flow run by hand writes a record and reads it back; a taken unique value fails the node', async () => {
    const account = await t.createAccount();
    const table = await createTable(account, 'Contatos');
    const flowId = await createFlow(t, account, insertThenFind(table._id));

    const run = await runByHand(account, flowId, 'ana@exemplo.com.br', 1);
    expect(run.status, JSON.stringify(run.error)).toBe('success');
    const [log] = await userLogsOf(t.request(account.token), run.id);
    expect(log).toMatchObject({ label: 'encontrados', message: '1 ana@exemplo.com.br 42' });
    const listed = await t
      .request(account.token)
      .get(
        `/api/v1/db/entities?filter=${encodeURIComponent(JSON.stringify({ table: table._id }))}`,
      );
    expect(listed.json()).toMatchObject({
      total: 1,
      items: [{ table: table._id, data: { email: 'ana@exemplo.com.br', pontos: 42 } }],
    });

    // The same e-mail again: the unique index refuses it, the node fails with the API's message.
    const again = await runByHand(account, flowId, 'ana@exemplo.com.br', 2);
    expect(again.status).toBe('error');
    expect(again.error).toEqual({
      message: messages.records.uniqueTaken('Email'),
      node_uid: 'inserir',
    });
    expect(
      (await t.request(account.token).get(`/api/v1/db/tables/${table._id}`)).json(),
    ).toMatchObject({ entities_count: 1 });
  });

  it("a node given another workspace's table fails naming it, and touches nothing", async () => {
    const owner = await t.createAccount();
    const intruder = await t.createAccount();
    const table = await createTable(owner, 'Privada');
    for (const ref of [table._id, 'Privada']) {
      const flowId = await createFlow(t, intruder, insertThenFind(ref));
      const run = await runByHand(intruder, flowId, 'intruso@exemplo.com.br', 1);
      expect(run.status).toBe('error');
      expect(run.error).toEqual({
        message: messages.recordNodes.tableMissing(ref),
        node_uid: 'inserir',
      });
    }
    const own = await t.request(owner.token).get(`/api/v1/db/tables/${table._id}`);
    expect(own.json()).toMatchObject({ entities_count: 0 });
  });
});
