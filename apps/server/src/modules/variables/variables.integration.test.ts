import { expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { variableListSchema, variableSchema } from '@ponte/shared/variables.schema';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';

const m = messages.variables;
const keysOf = (body: { items: { key: string }[] }) => body.items.map((v) => v.key);

describeEachDriver('variables', (driver) => {
  const t = useTestApp(driver);

  it('creates, reads, edits, lists and removes a variable; the body workspace is ignored', async () => {
    const account = await t.createAccount();
    const other = await t.createAccount();
    const api = t.request(account.token);

    const created = await api.post('/api/v1/variables', {
      name: ' Token da API ',
      key: ' API_TOKEN ',
      value: '  abc  ',
      workspace: other.workspaceId,
    });
    expect(created.statusCode).toBe(201);
    const variable = variableSchema.parse(created.json());
    expect(variable).toMatchObject({
      name: 'Token da API',
      key: 'API_TOKEN',
      value: '  abc  ',
      workspace: account.workspaceId,
    });

    expect((await api.get(`/api/v1/variables/${variable._id}`)).json()).toEqual(variable);

    t.clock.advance(1_000);
    const edited = await api.put(`/api/v1/variables/${variable._id}`, {
      name: 'Token',
      key: 'TOKEN',
      workspace: other.workspaceId,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Token',
      key: 'TOKEN',
      value: '',
      workspace: account.workspaceId,
    });
    expect(edited.json().updated_at > variable.updated_at).toBe(true);

    const list = variableListSchema.parse((await api.get('/api/v1/variables?limit=1000')).json());
    expect(list).toEqual({ items: [edited.json()], total: 1 });
    expect((await t.request(other.token).get('/api/v1/variables')).json().total).toBe(0);

    expect((await api.delete(`/api/v1/variables/${variable._id}`)).statusCode).toBe(204);
    expect((await api.get(`/api/v1/variables/${variable._id}`)).statusCode).toBe(404);
    expect((await api.get('/api/v1/variables')).json()).toEqual({ items: [], total: 0 });
  });

  it('answers the messages of every invalid field and saves nothing', async () => {
    const api = t.request((await t.createAccount()).token);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ key: 'A' }, 'name', m.nameRequired],
      [{ name: '  ', key: 'A' }, 'name', m.nameRequired],
      [{ name: 'x'.repeat(121), key: 'A' }, 'name', m.nameTooLong],
      [{ name: 'Nome' }, 'key', m.keyRequired],
      [{ name: 'Nome', key: ' ' }, 'key', m.keyRequired],
      [{ name: 'Nome', key: 'K'.repeat(101) }, 'key', m.keyTooLong],
      [{ name: 'Nome', key: '1abc' }, 'key', m.keyPattern],
      [{ name: 'Nome', key: 'com-hifen' }, 'key', m.keyPattern],
      [{ name: 'Nome', key: 'A', value: 'v'.repeat(100_001) }, 'value', m.valueTooLong],
      [{ name: 'Nome', key: 'A', value: 12 }, 'value', messages.generic.invalidField('value')],
    ];
    for (const [body, field, message] of cases) {
      const res = await api.post('/api/v1/variables', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_error', message });
      expect(res.json().details).toContainEqual({ field, message });
    }
    const both = (await api.post('/api/v1/variables', {})).json();
    expect(both.message).toBe(m.nameRequired);
    expect(both.details).toEqual([
      { field: 'name', message: m.nameRequired },
      { field: 'key', message: m.keyRequired },
    ]);
    expect((await api.get('/api/v1/variables')).json()).toEqual({ items: [], total: 0 });
    const longest = {
      name: 'x'.repeat(120),
      key: `_${'K'.repeat(99)}`,
      value: 'v'.repeat(100_000),
    };
    expect((await api.post('/api/v1/variables', longest)).statusCode).toBe(201);
  });

  it('refuses a duplicate key in the workspace, on create and on edit', async () => {
    const api = t.request((await t.createAccount()).token);
    const first = (
      await api.post('/api/v1/variables', { name: 'Um', key: 'CHAVE', value: '1' })
    ).json();
    const second = (await api.post('/api/v1/variables', { name: 'Dois', key: 'OUTRA' })).json();

    const duplicate = await api.post('/api/v1/variables', {
      name: 'Três',
      key: 'CHAVE',
      value: '3',
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toEqual({
      statusCode: 400,
      code: 'conflict',
      message: m.keyTaken,
      details: [{ field: 'key', message: m.keyTaken }],
    });
    const edit = await api.put(`/api/v1/variables/${second._id}`, { name: 'Dois', key: 'CHAVE' });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe(m.keyTaken);

    const list = (await api.get('/api/v1/variables')).json();
    expect(list.items).toEqual([first, second]);
    expect(
      (await api.put(`/api/v1/variables/${first._id}`, { name: 'Um', key: 'CHAVE' })).statusCode,
    ).toBe(200);
    expect((await api.post('/api/v1/variables', { name: 'Caixa', key: 'chave' })).statusCode).toBe(
      201,
    );

    const elsewhere = t.request((await t.createAccount()).token);
    expect(
      (await elsewhere.post('/api/v1/variables', { name: 'Um', key: 'CHAVE' })).statusCode,
    ).toBe(201);
  });

  it('searches name and key, orders by key and clamps the page', async () => {
    const api = t.request((await t.createAccount()).token);
    for (const [name, key] of [
      ['Senha do banco', 'DB_PASSWORD'],
      ['URL da API', 'API_URL'],
      ['Token', 'TOKEN'],
      ['Banco de dados', 'DB_HOST'],
    ]) {
      expect((await api.post('/api/v1/variables', { name, key, value: 'v' })).statusCode).toBe(201);
    }
    expect(keysOf((await api.get('/api/v1/variables')).json())).toEqual([
      'API_URL',
      'DB_HOST',
      'DB_PASSWORD',
      'TOKEN',
    ]);
    expect(keysOf((await api.get('/api/v1/variables?query=banco')).json())).toEqual([
      'DB_HOST',
      'DB_PASSWORD',
    ]);
    expect(keysOf((await api.get('/api/v1/variables?query=db_')).json())).toEqual([
      'DB_HOST',
      'DB_PASSWORD',
    ]);
    const past = (await api.get('/api/v1/variables?page=50&limit=3')).json();
    expect(past.total).toBe(4);
    expect(keysOf(past)).toEqual(['TOKEN']);
  });

  it("keeps each workspace's variables to itself", async () => {
    const a = t.request((await t.createAccount()).token);
    const b = t.request((await t.createAccount()).token);
    const secret = (
      await a.post('/api/v1/variables', { name: 'Segredo', key: 'SEGREDO', value: 's3' })
    ).json();

    expect((await b.get(`/api/v1/variables/${secret._id}`)).statusCode).toBe(404);
    const put = await b.put(`/api/v1/variables/${secret._id}`, {
      name: 'x',
      key: 'X',
      value: 'roubado',
    });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({ statusCode: 404, code: 'not_found', message: m.notFound });
    expect((await b.delete(`/api/v1/variables/${secret._id}`)).statusCode).toBe(404);
    expect((await b.get('/api/v1/variables?query=SEGREDO')).json()).toEqual({
      items: [],
      total: 0,
    });

    expect((await a.get(`/api/v1/variables/${secret._id}`)).json()).toEqual(secret);
  });

  it('refuses oversize and malformed bodies without writing anything', async () => {
    const { token } = await t.createAccount();
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/v1/variables',
      headers,
      payload: JSON.stringify({ name: 'G', key: 'G', value: 'x'.repeat(10 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(messages.generic.payloadTooLarge);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/variables',
      headers,
      payload: "{name: 'G'}",
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(messages.generic.invalidBody);
    expect((await t.request(token).get('/api/v1/variables')).json().total).toBe(0);
  });
});
