import { expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { groupListSchema, groupSchema } from '@ponte/shared/groups.schema';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';

const m = messages.groups;

describeEachDriver('groups', (driver) => {
  const t = useTestApp(driver);

  it('creates, reads, renames, lists and removes a group', async () => {
    const { token } = await t.createAccount();
    const api = t.request(token);

    const created = await api.post('/api/v1/groups', { name: '  Vendas  ' });
    expect(created.statusCode).toBe(201);
    const group = groupSchema.parse(created.json());
    expect(group.name).toBe('Vendas');
    expect(new Date(group.created_at).toISOString()).toBe(group.created_at);

    const read = await api.get(`/api/v1/groups/${group._id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(group);

    t.clock.advance(1_000);
    const renamed = await api.put(`/api/v1/groups/${group._id}`, { name: 'Financeiro' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ _id: group._id, name: 'Financeiro' });
    expect(renamed.json().updated_at > group.updated_at).toBe(true);
    expect(renamed.json().created_at).toBe(group.created_at);

    const list = groupListSchema.parse((await api.get('/api/v1/groups')).json());
    expect(list).toEqual({ items: [renamed.json()], total: 1 });

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/groups/${group._id}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await api.get(`/api/v1/groups/${group._id}`)).statusCode).toBe(404);
    expect((await api.get('/api/v1/groups')).json()).toEqual({ items: [], total: 0 });
  });

  it('answers the spec messages for a missing, blank or long name', async () => {
    const api = t.request((await t.createAccount()).token);
    for (const [body, message] of [
      [{}, m.nameRequired],
      [{ name: '   ' }, m.nameRequired],
      [{ name: 42 }, m.nameRequired],
      [{ name: 'x'.repeat(51) }, m.nameTooLong],
    ] as const) {
      const res = await api.post('/api/v1/groups', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        statusCode: 400,
        code: 'validation_error',
        message,
        details: [{ field: 'name', message }],
      });
    }
    expect((await api.post('/api/v1/groups', { name: 'x'.repeat(50) })).statusCode).toBe(201);
    expect((await api.get('/api/v1/groups')).json().total).toBe(1);
  });

  it('refuses a duplicate name ignoring case, on create and on rename', async () => {
    const api = t.request((await t.createAccount()).token);
    await api.post('/api/v1/groups', { name: 'Vendas' });
    const other = (await api.post('/api/v1/groups', { name: 'Compras' })).json();

    const duplicate = await api.post('/api/v1/groups', { name: ' vendas ' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toMatchObject({ code: 'conflict', message: m.nameTaken });

    const rename = await api.put(`/api/v1/groups/${other._id}`, { name: 'VENDAS' });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().message).toBe(m.nameTaken);

    const names = (await api.get('/api/v1/groups'))
      .json()
      .items.map((g: { name: string }) => g.name);
    expect(names).toEqual(['Compras', 'Vendas']);
    expect((await api.put(`/api/v1/groups/${other._id}`, { name: 'compras' })).statusCode).toBe(
      200,
    );
  });

  it('searches by part of the name, orders by name and clamps the page', async () => {
    const api = t.request((await t.createAccount()).token);
    for (const name of ['Delta', 'alfa', 'Charlie', 'bravo', 'Eco', 'Alfafa', '50%_off']) {
      expect((await api.post('/api/v1/groups', { name })).statusCode).toBe(201);
    }
    const all = (await api.get('/api/v1/groups?limit=100')).json();
    expect(all.items.map((g: { name: string }) => g.name)).toEqual([
      '50%_off',
      'alfa',
      'Alfafa',
      'bravo',
      'Charlie',
      'Delta',
      'Eco',
    ]);

    const search = (await api.get('/api/v1/groups?query=ALF')).json();
    expect(search.total).toBe(2);
    expect(search.items.map((g: { name: string }) => g.name)).toEqual(['alfa', 'Alfafa']);
    expect((await api.get('/api/v1/groups?query=%25_')).json().total).toBe(1);
    expect((await api.get('/api/v1/groups?query=zzz')).json()).toEqual({ items: [], total: 0 });

    const page2 = (await api.get('/api/v1/groups?page=2&limit=3')).json();
    expect(page2.items.map((g: { name: string }) => g.name)).toEqual(['bravo', 'Charlie', 'Delta']);
    const past = (await api.get('/api/v1/groups?page=99&limit=3')).json();
    expect(past).toMatchObject({ total: 7 });
    expect(past.items.map((g: { name: string }) => g.name)).toEqual(['Eco']);
    const defaults = (await api.get('/api/v1/groups?page=abc&limit=5000')).json();
    expect(defaults.items).toHaveLength(7);
    expect((await api.get('/api/v1/groups')).json().items).toHaveLength(7);
  });

  it('answers 404 for an unknown id', async () => {
    const api = t.request((await t.createAccount()).token);
    for (const res of [
      await api.get('/api/v1/groups/nao-existe'),
      await api.put('/api/v1/groups/nao-existe', { name: 'X' }),
      await api.delete('/api/v1/groups/nao-existe'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ statusCode: 404, code: 'not_found', message: m.notFound });
    }
  });

  it("keeps each workspace's groups to itself", async () => {
    const a = t.request((await t.createAccount()).token);
    const b = t.request((await t.createAccount()).token);
    const group = (await a.post('/api/v1/groups', { name: 'Segredo' })).json();

    expect((await b.get(`/api/v1/groups/${group._id}`)).statusCode).toBe(404);
    expect((await b.put(`/api/v1/groups/${group._id}`, { name: 'Roubado' })).statusCode).toBe(404);
    expect((await b.delete(`/api/v1/groups/${group._id}`)).statusCode).toBe(404);
    expect((await b.get('/api/v1/groups')).json()).toEqual({ items: [], total: 0 });
    expect((await b.get('/api/v1/groups?query=Segredo')).json().total).toBe(0);
    expect((await b.post('/api/v1/groups', { name: 'Segredo' })).statusCode).toBe(201);

    expect((await a.get(`/api/v1/groups/${group._id}`)).json().name).toBe('Segredo');
    expect((await a.get('/api/v1/groups')).json().total).toBe(1);
  });

  it('refuses oversize and malformed bodies without writing anything', async () => {
    const { token } = await t.createAccount();
    const api = t.request(token);
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/v1/groups',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Grande', filler: 'x'.repeat(11 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({
      statusCode: 413,
      code: 'payload_too_large',
      message: messages.generic.payloadTooLarge,
    });

    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/groups',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"name": "Quebrado"',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      statusCode: 400,
      code: 'validation_error',
      message: messages.generic.invalidBody,
    });
    expect((await api.get('/api/v1/groups')).json()).toEqual({ items: [], total: 0 });
  });
});
