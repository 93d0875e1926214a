import { expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { messages } from '@ponte/shared/messages';
import { entityListSchema, tableSchema, type Table } from '@ponte/shared/db-tables.schema';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { field } from '../../test/db-table-fixtures';

const m = messages.records;

describeEachDriver('database records', (driver) => {
  const t = useTestApp(driver);
  const api = (account: TestAccount) => t.request(account.token);

  async function createTable(account: TestAccount, name: string): Promise<Table> {
    const res = await api(account).post('/api/v1/db/tables', {
      name,
      fields: [
        field('email', { is_unique: true, is_required: true }),
        field('nota', { type: 'longtext', length: 1000 }),
        field('idade', { type: 'integer' }),
        field('saldo', { type: 'float', default_value: '0' }),
        field('ativo', { type: 'boolean' }),
        field('nascimento', { type: 'date' }),
        field('visto', { type: 'datetime' }),
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    return tableSchema.parse(res.json());
  }

  const list = async (account: TestAccount, filter: unknown, extra = '') => {
    const res = await api(account).get(
      `/api/v1/db/entities?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return entityListSchema.parse(res.json());
  };

  it('validates and coerces values by type, applies defaults and answers pt-BR errors', async () => {
    const account = await t.createAccount();
    const table = await createTable(account, 'Clientes');
    const created = await api(account).post('/api/v1/db/entities', {
      table: table._id,
      data: {
        email: 'ana@x.com',
        idade: '42',
        ativo: 'true',
        nascimento: '1990-02-28',
        visto: '2024-05-01T10:00:00-03:00',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      table: table._id,
      data: {
        email: 'ana@x.com',
        nota: null,
        idade: 42,
        saldo: 0,
        ativo: true,
        nascimento: '1990-02-28',
        visto: '2024-05-01T13:00:00.000Z',
      },
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ idade: 1 }, m.fieldRequired('Email')],
      [{ email: 'x'.repeat(101) }, m.fieldTooLong('Email', 100)],
      [{ email: 'b@x', idade: '4.5' }, m.fieldInteger('Idade')],
      [{ email: 'b@x', saldo: 'muito' }, m.fieldFloat('Saldo')],
      [{ email: 'b@x', ativo: 'sim' }, m.fieldBoolean('Ativo')],
      [{ email: 'b@x', nascimento: '2023-02-30' }, m.fieldDate('Nascimento')],
      [{ email: 'b@x', visto: '2024-05-01T10:00:00' }, m.fieldDatetime('Visto')],
      [{ email: 'b@x', outro: 1 }, m.unknownField('outro', 'Clientes')],
      [{ email: 'ana@x.com' }, m.uniqueTaken('Email')],
    ];
    for (const [data, message] of cases) {
      const res = await api(account).post('/api/v1/db/entities', { table: table._id, data });
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const bodies: [unknown, number, string][] = [
      [{ data: { email: 'c@x' } }, 400, messages.generic.invalidField('table')],
      [
        { table: table._id, data: { email: { a: 1 } } },
        400,
        messages.generic.invalidField('data.email'),
      ],
      [{ table: table._id, data: [] }, 400, messages.generic.invalidField('data')],
      [{ table: 'não-existe', data: { email: 'c@x' } }, 404, messages.tables.notFound],
    ];
    for (const [body, status, message] of bodies) {
      const res = await api(account).post('/api/v1/db/entities', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toBe(message);
    }
    const mass = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/db/entities/mass',
      headers: { authorization: `Bearer ${account.token}` },
      payload: { ids: [] },
    });
    expect(mass.statusCode).toBe(400);
    const edit = await api(account).put(`/api/v1/db/entities/${created.json()._id}`, {
      data: { idade: 'x' },
    });
    expect(edit.json().message).toBe(m.fieldInteger('Idade'));
    expect((await list(account, { table: table._id })).items).toEqual([created.json()]);
    expect((await api(account).get(`/api/v1/db/tables/${table._id}`)).json().entities_count).toBe(
      1,
    );
  });

  it('lets one of many concurrent inserts of a unique value win', async () => {
    const account = await t.createAccount();
    const table = await createTable(account, 'Concorrência');
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        api(account).post('/api/v1/db/entities', {
          table: table._id,
          data: { email: 'mesmo@x.com' },
        }),
      ),
    );
    const codes = results.map((res) => res.statusCode).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    for (const res of results.filter((r) => r.statusCode !== 201))
      expect(res.json()).toMatchObject({ code: 'conflict', message: m.uniqueTaken('Email') });
    expect((await list(account, { table: table._id })).total).toBe(1);
    // Another table may hold the same value: the index is partial on the table.
    const other = await createTable(account, 'Outra');
    const res = await api(account).post('/api/v1/db/entities', {
      table: other._id,
      data: { email: 'mesmo@x.com' },
    });
    expect(res.statusCode).toBe(201);
  });

  it('filters by every field type and pages the result', async () => {
    const account = await t.createAccount();
    const table = await createTable(account, 'Filtros');
    const rows = [
      {
        email: 'ana@x.com',
        nota: '100%_off',
        idade: 20,
        saldo: 1.5,
        ativo: true,
        nascimento: '1990-01-10',
        visto: '2024-05-01T02:30:00Z',
      },
      {
        email: 'bia@y.com',
        nota: 'comum',
        idade: 35,
        saldo: -3,
        ativo: false,
        nascimento: '1985-06-01',
        visto: '2024-05-01T03:30:00Z',
      },
      {
        email: 'caio@x.com',
        nota: '100 reais',
        idade: 50,
        saldo: 10,
        ativo: true,
        nascimento: '2000-12-31',
        visto: '2024-05-02T12:00:00Z',
      },
    ];
    for (const data of rows)
      expect(
        (await api(account).post('/api/v1/db/entities', { table: table._id, data })).statusCode,
      ).toBe(201);
    const emails = async (fields: unknown, tz = 180) =>
      (await list(account, { table: table._id, timezoneOffset: tz, fields })).items
        .map((item) => item.data.email)
        .sort();
    expect(await emails({ email: { contains: '@X.' } })).toEqual(['ana@x.com', 'caio@x.com']);
    expect(await emails({ nota: { contains: '%_' } })).toEqual(['ana@x.com']);
    expect(await emails({ idade: { from: 30 } })).toEqual(['bia@y.com', 'caio@x.com']);
    expect(await emails({ idade: { from: '20', to: 35 } })).toEqual(['ana@x.com', 'bia@y.com']);
    expect(await emails({ saldo: { to: 0 } })).toEqual(['bia@y.com']);
    expect(await emails({ ativo: { equals: false } })).toEqual(['bia@y.com']);
    expect(await emails({ nascimento: { from: '1985-06-01', to: '1990-01-10' } })).toEqual([
      'ana@x.com',
      'bia@y.com',
    ]);
    // 30 April in São Paulo (UTC-3) ends at 02:59:59.999Z on 1 May.
    expect(await emails({ visto: { from: '2024-04-30', to: '2024-04-30' } })).toEqual([
      'ana@x.com',
    ]);
    expect(await emails({ visto: { from: '2024-04-30', to: '2024-04-30' } }, 0)).toEqual([]);
    expect(await emails({ visto: { from: '2024-05-01T00:00', to: '2024-05-01T23:59' } })).toEqual([
      'bia@y.com',
    ]);
    const page = await list(account, { table: table._id }, '&size=10&page=1');
    expect(page.total).toBe(3);
    const bad: [unknown, string][] = [
      [{ idade: { contains: 'x' } }, m.filterField('Idade')],
      [{ idade: { from: 'dez' } }, m.filterField('Idade')],
      [{ nada: { contains: 'x' } }, m.unknownField('nada', 'Filtros')],
    ];
    for (const [fields, message] of bad) {
      const res = await api(account).get(
        `/api/v1/db/entities?filter=${encodeURIComponent(JSON.stringify({ table: table._id, fields }))}`,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const notJson = await api(account).get('/api/v1/db/entities?filter=%7Bnope');
    expect(notJson.json().message).toBe(m.filterInvalid);
  });

  it('mass delete removes only the workspace records', async () => {
    const owner = await t.createAccount();
    const other = await t.createAccount();
    const mine = await createTable(owner, 'Minha');
    const theirs = await createTable(other, 'Deles');
    const add = async (account: TestAccount, table: Table, email: string) =>
      (await api(account).post('/api/v1/db/entities', { table: table._id, data: { email } })).json()
        ._id as string;
    const a = await add(owner, mine, 'a@x');
    const b = await add(owner, mine, 'b@x');
    const keep = await add(owner, mine, 'c@x');
    const foreign = await add(other, theirs, 'd@x');
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/db/entities/mass',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { ids: [a, b, foreign] },
    });
    expect(res.json()).toEqual({ success: true });
    expect((await list(owner, { table: mine._id })).items.map((i) => i._id)).toEqual([keep]);
    expect((await list(other, { table: theirs._id })).items.map((i) => i._id)).toEqual([foreign]);
    expect((await api(owner).delete(`/api/v1/db/entities/${keep}`)).json()).toEqual({
      success: true,
    });
  });

  it('exports CSV with BOM, São Paulo dates, escaping and formula prefixes; streams the download', async () => {
    const account = await t.createAccount();
    const table = await createTable(account, 'Exportação Ótima');
    const tricky = [
      '=HYPERLINK("http://x")',
      '+1+2',
      '-3',
      '@SUM(A1)',
      '\tabc',
      '\rdef',
      'vírgula, "aspas"\nlinha',
    ];
    for (const [i, nota] of tricky.entries()) {
      const res = await api(account).post('/api/v1/db/entities', {
        table: table._id,
        data: {
          email: `p${i}@x`,
          nota,
          saldo: -1.5,
          visto: '2024-01-01T02:00:00Z',
          nascimento: '2024-01-01',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const columns = 'email,nota,saldo,visto,nascimento';
    const res = await api(account).get(
      `/api/v1/db/entities/export/${table._id}/csv?columns=${columns}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { data, filename } = res.json();
    expect(filename).toMatch(/^exportacao-otima-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(data.startsWith('\uFEFF')).toBe(true);
    const rows: string[][] = parse(data, { bom: true, delimiter: ';' });
    expect(rows[0]).toEqual(['Email', 'Nota', 'Saldo', 'Visto', 'Nascimento']);
    expect(rows.slice(1).map((row) => row[1])).toEqual([
      `'=HYPERLINK("http://x")`,
      `'+1+2`,
      `'-3`,
      `'@SUM(A1)`,
      `'\tabc`,
      `'\rdef`,
      'vírgula, "aspas"\nlinha',
    ]);
    expect(rows[1]!.slice(2)).toEqual(['-1,5', '31/12/2023 23:00:00', '01/01/2024']);

    const stream = await t.app.inject({
      method: 'GET',
      url: `/api/v1/db/entities/export/${table._id}/csv?download=1&columns=${columns}`,
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(stream.headers['content-disposition']).toContain(filename);
    expect(stream.body).toBe(data);
    const bad = await api(account).get(`/api/v1/db/entities/export/${table._id}/csv?columns=nada`);
    expect(bad.json().message).toBe(m.unknownField('nada', table.name));
  });
});
