import { expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { tableListSchema, tableSchema } from '@ponte/shared/db-tables.schema';
import { securityLogSchema } from '@ponte/shared/security-log.schema';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { until } from '../../test/until';
import { field } from '../../test/db-table-fixtures';

const m = messages.tables;

describeEachDriver('database tables', (driver) => {
  const t = useTestApp(driver);
  const api = (account: TestAccount) => t.request(account.token);

  async function createTable(account: TestAccount, body: Record<string, unknown>) {
    const res = await api(account).post('/api/v1/db/tables', body);
    expect(res.statusCode, res.body).toBe(201);
    return tableSchema.parse(res.json());
  }

  it('creates, reads, lists, edits, duplicates and removes a table; names are unique', async () => {
    const account = await t.createAccount();
    const group = (await api(account).post('/api/v1/groups', { name: 'Vendas' })).json();
    const table = await createTable(account, {
      name: ' Clientes ',
      group: group._id,
      fields: [field('nome'), field('idade', { type: 'integer', length: 5 })],
    });
    expect(table).toMatchObject({
      name: 'Clientes',
      group: group._id,
      entities_count: 0,
      workspace_id: account.workspaceId,
      apply_default_values_new_fields: false,
    });
    expect(table.fields.map((f) => [f.name, f.type, f.length, f.position])).toEqual([
      ['nome', 'string', 100, 0],
      ['idade', 'integer', null, 1],
    ]);
    expect((await api(account).get(`/api/v1/db/tables/${table._id}`)).json()).toEqual(table);

    const taken = await api(account).post('/api/v1/db/tables', {
      name: 'CLIENTES',
      fields: [field('a')],
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ code: 'conflict', message: m.nameTaken });

    await createTable(account, { name: 'Pedidos', fields: [field('codigo')] });
    const inGroup = tableListSchema.parse(
      (await api(account).get(`/api/v1/db/tables?group=${group._id}`)).json(),
    );
    expect(inGroup.items.map((item) => item.name)).toEqual(['Clientes']);
    const search = (await api(account).get('/api/v1/db/tables?query=ped&limit=1000')).json();
    expect(search.items.map((item: { name: string }) => item.name)).toEqual(['Pedidos']);

    const dup = await api(account).post(`/api/v1/db/tables/${table._id}/duplicate`, {
      name: 'Pedidos',
    });
    expect(dup.json()).toMatchObject({ code: 'conflict', message: m.nameTaken });
    const copy = await api(account).post(`/api/v1/db/tables/${table._id}/duplicate`, {
      name: 'Clientes 2',
    });
    expect(copy.statusCode).toBe(201);
    expect(copy.json().fields).toEqual(table.fields);

    const edited = await api(account).put(`/api/v1/db/tables/${table._id}`, {
      name: 'Clientes VIP',
      group: null,
      fields: [field('nome')],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Clientes VIP', group: null });

    expect((await api(account).delete(`/api/v1/db/tables/${table._id}`)).statusCode).toBe(204);
    expect((await api(account).get(`/api/v1/db/tables/${table._id}`)).statusCode).toBe(404);
    expect((await api(account).get('/api/v1/db/tables')).json().total).toBe(2);
  });

  it('answers the structure messages of spec 2 §5 and a foreign group, saving nothing', async () => {
    const account = await t.createAccount();
    const other = await t.createAccount();
    const foreignGroup = (await api(other).post('/api/v1/groups', { name: 'G' })).json();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'T', fields: [] }, m.atLeastOneField],
      [{ name: '', fields: [field('a')] }, m.nameRequired],
      [{ name: 'T', fields: [{ label: 'A', type: 'integer' }] }, m.fieldNameRequired(1)],
      [
        { name: 'T', fields: [field('a'), { name: 'b', label: 'B', type: 'string' }] },
        m.fieldLengthRequired(2),
      ],
      [{ name: 'T', fields: [field('a'), field('a')] }, m.duplicateFieldNames('a')],
      [{ name: 'T', fields: [field('a')], group: foreignGroup._id }, m.groupNotFound],
    ];
    for (const [body, message] of cases) {
      const res = await api(account).post('/api/v1/db/tables', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await api(account).get('/api/v1/db/tables')).json().total).toBe(0);
  });

  it('refuses a type change with the offending record ids and changes nothing', async () => {
    const account = await t.createAccount();
    const table = await createTable(account, {
      name: 'Códigos',
      fields: [field('codigo', { is_unique: true })],
    });
    const add = async (codigo: string) =>
      (
        await api(account).post('/api/v1/db/entities', { table: table._id, data: { codigo } })
      ).json();
    const ok = await add('12');
    const bad1 = await add('doze');
    const bad2 = await add('1.5');
    const change = await api(account).put(`/api/v1/db/tables/${table._id}`, {
      name: 'Códigos',
      fields: [field('codigo', { type: 'integer', is_unique: true }), field('novo')],
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().message).toBe(
      m.fieldChangeRefused('Codigo', [bad1._id, bad2._id].sort().join(', ')),
    );
    const same = tableSchema.parse(
      (await api(account).get(`/api/v1/db/tables/${table._id}`)).json(),
    );
    expect(same.fields).toEqual(table.fields);
    expect((await api(account).get(`/api/v1/db/entities/${ok._id}`)).json().data).toEqual({
      codigo: '12',
    });

    // Without the offending records the change goes through and values take the new type.
    await api(account).delete(`/api/v1/db/entities/${bad1._id}`);
    await api(account).delete(`/api/v1/db/entities/${bad2._id}`);
    const done = await api(account).put(`/api/v1/db/tables/${table._id}`, {
      name: 'Códigos',
      fields: [field('codigo', { type: 'integer', is_unique: true })],
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await api(account).get(`/api/v1/db/entities/${ok._id}`)).json().data).toEqual({
      codigo: 12,
    });
    const again = await api(account).post('/api/v1/db/entities', {
      table: table._id,
      data: { codigo: '12' },
    });
    expect(again.json().message).toBe(messages.records.uniqueTaken('Codigo'));
  });

  it('adds fields with defaults, drops confirmed removals, refuses unique on repeats', async () => {
    const account = await t.createAccount();
    const table = await createTable(account, {
      name: 'Contatos',
      apply_default_values_new_fields: true,
      fields: [field('nome'), field('cidade')],
    });
    const a = (
      await api(account).post('/api/v1/db/entities', {
        table: table._id,
        data: { nome: 'Ana', cidade: 'Recife' },
      })
    ).json();
    await api(account).post('/api/v1/db/entities', { table: table._id, data: { nome: 'Ana' } });
    const unique = await api(account).put(`/api/v1/db/tables/${table._id}`, {
      name: 'Contatos',
      fields: [field('nome', { is_unique: true }), field('cidade')],
    });
    expect(unique.statusCode).toBe(400);
    expect(unique.json().message).toBe(m.uniqueExisting('Nome'));

    const changed = await api(account).put(`/api/v1/db/tables/${table._id}`, {
      name: 'Contatos',
      apply_default_values_new_fields: true,
      fields: [field('nome'), field('ativo', { type: 'boolean', default_value: 'true' })],
      confirm_remove_values: ['cidade'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await api(account).get(`/api/v1/db/entities/${a._id}`)).json().data).toEqual({
      nome: 'Ana',
      ativo: true,
    });
    const csv = (await api(account).get(`/api/v1/db/entities/export/${table._id}/csv`)).json();
    expect(csv.data).not.toContain('Cidade');
    expect(csv.data).not.toContain('Recife');
  });

  it('answers 404 for another workspace table and records the attempt', async () => {
    const owner = await t.createAccount();
    const intruder = await t.createAccount();
    const table = await createTable(owner, { name: 'Segredos', fields: [field('x')] });
    const record = (
      await api(owner).post('/api/v1/db/entities', { table: table._id, data: { x: 'a' } })
    ).json();
    const attempts = [
      api(intruder).get(`/api/v1/db/tables/${table._id}`),
      api(intruder).put(`/api/v1/db/tables/${table._id}`, { name: 'X', fields: [field('x')] }),
      api(intruder).delete(`/api/v1/db/tables/${table._id}`),
      api(intruder).post(`/api/v1/db/tables/${table._id}/duplicate`, { name: 'Cópia' }),
      api(intruder).get(`/api/v1/db/entities/${record._id}`),
      api(intruder).put(`/api/v1/db/entities/${record._id}`, { data: { x: 'b' } }),
      api(intruder).delete(`/api/v1/db/entities/${record._id}`),
      api(intruder).post('/api/v1/db/entities', { table: table._id, data: { x: 'c' } }),
      api(intruder).get(`/api/v1/db/entities/export/${table._id}/csv`),
      api(intruder).get(
        `/api/v1/db/entities?filter=${encodeURIComponent(JSON.stringify({ table: table._id }))}`,
      ),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode, res.body).toBe(404);
    const events = await until(async () => {
      const res = await api(intruder).get('/account/v1/security-log');
      const items = securityLogSchema.parse(res.json()).items;
      return items.length >= 2 && items;
    }, 'eventos de segurança');
    const resources = new Set(events.map((event) => event.resource));
    expect(resources).toContain(`db_table:${table._id}`);
    expect(resources).toContain(`db_record:${record._id}`);
    expect((await api(owner).get(`/api/v1/db/entities/${record._id}`)).json().data).toEqual({
      x: 'a',
    });
    expect((await api(owner).get(`/api/v1/db/tables/${table._id}`)).json().name).toBe('Segredos');
  });
});
