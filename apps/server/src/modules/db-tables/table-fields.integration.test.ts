import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { messages } from '@ponte/shared/messages';
import { entityListSchema, tableSchema, type Table } from '@ponte/shared/db-tables.schema';
import type { TableFieldBody } from '@ponte/shared/db-tables.schema';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { field } from '../../test/db-table-fixtures';
import { lockWaiters } from '../../test/lock-waits';
import { until } from '../../test/until';
import { fieldIndexName, uniqueIndexName } from './record-sql';
import { createRecordsPortService } from './records.port-service';

const m = messages.tables;

/** A field of a save body as the structure editor sends it: with the name it was loaded as. */
const kept = (name: string, extra: Partial<TableFieldBody> = {}) =>
  field(name, { previous_name: name, ...extra });

describeEachDriver('database tables: renaming and removing fields', (driver) => {
  const t = useTestApp(driver);
  const api = (account: TestAccount) => t.request(account.token);

  async function createTable(account: TestAccount, name: string, fields: TableFieldBody[]) {
    const res = await api(account).post('/api/v1/db/tables', { name, fields });
    expect(res.statusCode, res.body).toBe(201);
    return tableSchema.parse(res.json());
  }

  async function add(account: TestAccount, table: Table, data: Record<string, unknown>) {
    const res = await api(account).post('/api/v1/db/entities', { table: table._id, data });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { _id: string; data: Record<string, unknown> };
  }

  const saveFields = (
    account: TestAccount,
    table: Table,
    fields: TableFieldBody[],
    extra: Record<string, unknown> = {},
  ) => api(account).put(`/api/v1/db/tables/${table._id}`, { name: table.name, fields, ...extra });

  const dataOf = async (account: TestAccount, id: string) =>
    (await api(account).get(`/api/v1/db/entities/${id}`)).json().data as Record<string, unknown>;

  const list = async (account: TestAccount, table: Table, fields: unknown = {}) => {
    const filter = encodeURIComponent(JSON.stringify({ table: table._id, fields }));
    const res = await api(account).get(`/api/v1/db/entities?filter=${filter}`);
    expect(res.statusCode, res.body).toBe(200);
    return entityListSchema.parse(res.json());
  };

  async function indexNames(): Promise<Set<string>> {
    const result = (await t.database.db.execute(
      sql`select indexname from pg_indexes where tablename = 'db_records'`,
    )) as unknown as { rows: { indexname: string }[] };
    return new Set(result.rows.map((row) => row.indexname));
  }

  it('a rename carries the values; list, CSV, editor and the unique index follow', async () => {
    const account = await t.createAccount();
    const table = await createTable(account, 'Clientes', [
      field('mail', { label: 'Mail', is_unique: true }),
      field('nome'),
    ]);
    const ana = await add(account, table, { mail: 'ana@exemplo.com.br', nome: 'Ana' });
    const bia = await add(account, table, { nome: 'Bia' });

    const saved = await saveFields(account, table, [
      kept('mail', { name: 'email', label: 'E-mail', is_unique: true }),
      kept('nome'),
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(tableSchema.parse(saved.json()).fields[0]).toMatchObject({
      name: 'email',
      previous_names: ['mail'],
    });

    expect(await dataOf(account, ana._id)).toEqual({ email: 'ana@exemplo.com.br', nome: 'Ana' });
    expect(await dataOf(account, bia._id)).toEqual({ nome: 'Bia' });
    const filtered = await list(account, table, { email: { contains: 'ana@' } });
    expect(filtered.items.map((item) => item.data.email)).toEqual(['ana@exemplo.com.br']);
    const csv = (await api(account).get(`/api/v1/db/entities/export/${table._id}/csv`)).json();
    expect(csv.data).toContain('E-mail');
    expect(csv.data).toContain('ana@exemplo.com.br');

    // The unique rule and the filter index now live under the new name.
    const indexes = await indexNames();
    expect(indexes.has(uniqueIndexName(table._id, 'email'))).toBe(true);
    expect(indexes.has(fieldIndexName(table._id, 'email'))).toBe(true);
    expect(indexes.has(uniqueIndexName(table._id, 'mail'))).toBe(false);
    expect(indexes.has(fieldIndexName(table._id, 'mail'))).toBe(false);
    const twice = await api(account).post('/api/v1/db/entities', {
      table: table._id,
      data: { email: 'ana@exemplo.com.br' },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(messages.records.uniqueTaken('E-mail'));

    // The editor's save of another field keeps the value it did not send.
    const edited = await api(account).put(`/api/v1/db/entities/${ana._id}`, {
      data: { nome: 'Ana Maria' },
    });
    expect(edited.json().data).toEqual({ email: 'ana@exemplo.com.br', nome: 'Ana Maria' });
  });

  it('what still names the old field keeps working: API, filters and the record nodes', async () => {
    const account = await t.createAccount();
    const table = await createTable(account, 'Pedidos', [
      field('codigo', { is_unique: true }),
      field('valor', { type: 'integer' }),
    ]);
    await add(account, table, { codigo: 'A1', valor: 10 });
    const renamed = await saveFields(account, table, [
      kept('codigo', { name: 'sku', label: 'SKU', is_unique: true }),
      kept('valor', { name: 'total', label: 'Total', type: 'integer' }),
    ]);
    expect(renamed.statusCode, renamed.body).toBe(200);

    const created = await add(account, table, { codigo: 'B2', valor: '20' });
    expect(created.data).toEqual({ sku: 'B2', total: 20 });
    expect((await list(account, table, { valor: { from: 15 } })).items).toHaveLength(1);

    const nodes = createRecordsPortService({ db: t.database.db, now: () => new Date() });
    const found = await nodes.find(account.workspaceId, 'Pedidos', {
      filter: { codigo: { equals: 'A1' } },
      sort: { field: 'valor', direction: 'desc' },
    });
    expect(found.map((record) => record.data)).toEqual([{ sku: 'A1', total: 10 }]);
    const updated = await nodes.update(
      account.workspaceId,
      'Pedidos',
      { filter: { codigo: { equals: 'A1' } } },
      { valor: 11 },
    );
    expect(updated.map((record) => record.data)).toEqual([{ sku: 'A1', total: 11 }]);
    const upserted = await nodes.upsert(account.workspaceId, 'Pedidos', 'codigo', {
      codigo: 'B2',
      valor: 21,
    });
    expect(upserted).toMatchObject({ _id: created._id, data: { sku: 'B2', total: 21 } });
  });

  it('swaps two names in one save, each value following its field', async () => {
    const account = await t.createAccount();
    const table = await createTable(account, 'Troca', [field('a'), field('b')]);
    const record = await add(account, table, { a: 'valor de a', b: 'valor de b' });
    const saved = await saveFields(account, table, [
      kept('a', { name: 'b', label: 'B' }),
      kept('b', { name: 'a', label: 'A' }),
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await dataOf(account, record._id)).toEqual({ b: 'valor de a', a: 'valor de b' });
  });

  it('removing a field that holds values is refused with the count until confirmed', async () => {
    const account = await t.createAccount();
    const table = await createTable(account, 'Contatos', [
      field('nome'),
      field('cidade', { is_unique: true }),
      field('vazio'),
    ]);
    const ana = await add(account, table, { nome: 'Ana', cidade: 'Recife' });
    await add(account, table, { nome: 'Bia', cidade: 'Natal' });
    await add(account, table, { nome: 'Caio' });

    const count = await api(account).get(
      `/api/v1/db/tables/${table._id}/fields/cidade/values-count`,
    );
    expect(count.statusCode, count.body).toBe(200);
    expect(count.json()).toEqual({ count: 2 });

    const refused = await saveFields(account, table, [kept('nome')]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'field_has_values',
      message: m.fieldHasValues('Cidade', 2),
      details: {
        fields: [
          { name: 'cidade', label: 'Cidade', count: 2, message: m.fieldHasValues('Cidade', 2) },
        ],
      },
    });
    expect(m.fieldHasValues('Cidade', 2)).toBe(
      'O campo "Cidade" tem valores em 2 registros: confirme a remoção para apagá-los.',
    );
    // Nothing changed: the structure, the value, the index.
    const same = tableSchema.parse(
      (await api(account).get(`/api/v1/db/tables/${table._id}`)).json(),
    );
    expect(same.fields.map((f) => f.name)).toEqual(['nome', 'cidade', 'vazio']);
    expect(await dataOf(account, ana._id)).toMatchObject({ cidade: 'Recife' });
    expect((await indexNames()).has(uniqueIndexName(table._id, 'cidade'))).toBe(true);

    // A field without values goes without asking; the confirmed one loses its values.
    const confirmed = await saveFields(account, table, [kept('nome')], {
      confirm_remove_values: ['cidade'],
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await dataOf(account, ana._id)).toEqual({ nome: 'Ana' });
    expect((await indexNames()).has(uniqueIndexName(table._id, 'cidade'))).toBe(false);
  });

  it('a record update keeps the values it does not show; old values under a name ask first', async () => {
    const account = await t.createAccount();
    const table = await createTable(account, 'Antiga', [field('nome')]);
    const record = await add(account, table, { nome: 'Ana' });
    // A table saved before removals asked: 'cidade' left the structure, its value stayed.
    await t.database.db.execute(sql`
      update db_tables set removed_fields = ${JSON.stringify([
        {
          ...field('cidade'),
          length: 100,
          default_value: null,
          is_unique: false,
          is_required: false,
          position: 1,
        },
      ])}::jsonb where id = ${table._id}`);
    await t.database.db.execute(sql`
      update db_records set data = data || '{"cidade": "Recife"}'::jsonb where id = ${record._id}`);

    const edited = await api(account).put(`/api/v1/db/entities/${record._id}`, {
      data: { nome: 'Ana B' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await dataOf(account, record._id)).toEqual({ nome: 'Ana B', cidade: 'Recife' });
    const csv = (await api(account).get(`/api/v1/db/entities/export/${table._id}/csv`)).json();
    expect(csv.data).toContain('Cidade (removido)');
    expect(csv.data).toContain('Recife');

    // A new field under that name would replace the old values: asked, then done.
    const fields = [kept('nome'), field('cidade', { type: 'integer' })];
    const refused = await saveFields(account, table, fields);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(m.oldValuesUnderName('cidade', 1));
    const confirmed = await saveFields(account, table, fields, {
      confirm_remove_values: ['cidade'],
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await dataOf(account, record._id)).toEqual({ nome: 'Ana B' });
  });

  // A boolean field has no index to drop; a text one has (its DDL waits on record readers).
  it.each([
    ['boolean', true],
    ['string', 'ana@exemplo.com.br'],
  ] as const)(
    'a record save that waited on a rename of a %s field merges over the moved values',
    async (type, value) => {
      const account = await t.createAccount();
      const table = await createTable(account, `Corrida ${type}`, [
        field('antes', { type }),
        field('nome'),
      ]);
      const record = await add(account, table, { antes: value, nome: 'Ana' });
      const url = t.database.connectionUrl;
      if (!url) throw new Error('the test database has no connection URL');
      const holder = new pg.Client({ connectionString: url });
      await holder.connect();
      const waiting = async (count: number) => (await lockWaiters(holder)) >= count;
      try {
        // Someone holds the table: the rename waits for it, then the record save behind it.
        await holder.query('begin');
        await holder.query('select id from db_tables where id = $1 for update', [table._id]);
        const rename = saveFields(account, table, [
          kept('antes', { name: 'depois', label: 'Depois', type }),
          kept('nome'),
        ]);
        // Waits as long as a loaded machine needs for each request to reach its lock.
        await until(() => waiting(1), 'a troca de nome esperando a tabela', 60_000);
        const save = api(account).put(`/api/v1/db/entities/${record._id}`, {
          data: { nome: 'Ana B' },
        });
        // A save that ended without waiting would not test the race: said, not passed.
        let settled: string | undefined;
        save.then(
          (res) => (settled = `${res.statusCode} ${res.body}`),
          (error: unknown) => (settled = String(error)),
        );
        await until(
          async () => settled !== undefined || (await waiting(2)),
          'o registro esperando a tabela',
          60_000,
        );
        if (settled !== undefined) throw new Error(`O registro não esperou a tabela: ${settled}`);
        await holder.query('commit');
        const renamed = await rename;
        expect(renamed.statusCode, renamed.body).toBe(200);
        const saved = await save;
        expect(saved.statusCode, saved.body).toBe(200);
      } finally {
        await holder.end();
      }
      expect(await dataOf(account, record._id)).toEqual({ depois: value, nome: 'Ana B' });
    },
    150_000,
  );
});
