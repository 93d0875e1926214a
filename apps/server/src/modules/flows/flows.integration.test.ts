import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { flowListSchema, flowSchema } from '@ponte/shared/flows.schema';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import { customers } from '../../db/schema';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { flowTestNodes, testDocument } from './flows-test-nodes';

const m = messages.flows;

describeEachDriver('flows', (driver) => {
  const t = useTestApp(driver, { nodes: flowTestNodes });

  it('names the copy of a flow at the name limit with the whole suffix, as every area does', async () => {
    const api = t.request((await t.createAccount()).token);
    const name = `${'Relatório mensal '.repeat(7)}final`.slice(0, limits.flowNameMax);
    const created = await api.post('/api/v1/flows', { name, enabled: false, data: testDocument() });
    expect(created.statusCode, created.body).toBe(201);
    const copy = await api.post(`/api/v1/flows/duplicate/${created.json()._id}`);
    expect(copy.statusCode).toBe(201);
    expect(copy.json().name).toBe(`${name.slice(0, limits.flowNameMax - 8)} (cópia)`);
    expect(copy.json().name).toHaveLength(limits.flowNameMax);
  });

  it('creates, reads, updates, duplicates and removes a flow', async () => {
    const api = t.request((await t.createAccount()).token);
    const data = testDocument(2);
    const created = await api.post('/api/v1/flows', {
      name: '  Pedidos  ',
      enabled: true,
      data,
      variables: [{ key: 'REGIAO', value: 'sul' }],
      config: { rate_limit: 2 },
      triggers: [{ node_uid: 'ignorado', node_type: 'x' }],
    });
    expect(created.statusCode).toBe(201);
    const flow = flowSchema.parse(created.json());
    expect(flow).toMatchObject({
      name: 'Pedidos',
      enabled: true,
      group: null,
      triggers: [{ node_uid: data.nodes[0]!.uid, node_type: 'test_trigger' }],
      variables: [{ key: 'REGIAO', value: 'sul' }],
      config: { rate_limit: 2 },
      deprecated_nodes: [],
      description: '',
      data,
    });

    expect((await api.get(`/api/v1/flows/${flow._id}`)).json()).toEqual(flow);

    t.clock.advance(1000);
    const renamed = await api.put(`/api/v1/flows/${flow._id}`, {
      name: 'Pedidos novos',
      description: '<p>nota</p>',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Pedidos novos',
      description: '<p>nota</p>',
      data,
      enabled: true,
    });
    expect(renamed.json().updated_at > flow.updated_at).toBe(true);

    const copy = await api.post(`/api/v1/flows/duplicate/${flow._id}`);
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({
      name: 'Pedidos novos (cópia)',
      enabled: false,
      data,
      config: { rate_limit: 2 },
    });
    expect(copy.json()._id).not.toBe(flow._id);

    expect((await api.delete(`/api/v1/flows/${flow._id}`)).statusCode).toBe(204);
    expect((await api.get(`/api/v1/flows/${flow._id}`)).statusCode).toBe(404);
    expect((await api.get('/api/v1/flows')).json().total).toBe(1);
  });

  it('lists 10 per page, newest first, filtered by name, status and group, without data on request', async () => {
    const api = t.request((await t.createAccount()).token);
    const group = (await api.post('/api/v1/groups', { name: 'Financeiro' })).json();
    for (let i = 1; i <= 12; i++) {
      t.clock.advance(10);
      await api.post('/api/v1/flows', {
        name: `Flow ${i}`,
        enabled: i % 2 === 0,
        data: testDocument(1),
        ...(i <= 3 ? { group: group._id } : {}),
      });
    }
    const first = flowListSchema.parse((await api.get('/api/v1/flows')).json());
    expect(first.total).toBe(12);
    expect(first.items.map((f) => f.name)).toEqual(
      [12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((i) => `Flow ${i}`),
    );
    const last = (await api.get('/api/v1/flows?page=99')).json();
    expect(last.items.map((f: { name: string }) => f.name)).toEqual(['Flow 2', 'Flow 1']);

    const light = (await api.get('/api/v1/flows?fields=-data%20-thumbnailData&limit=1')).json();
    expect(light.items[0]).not.toHaveProperty('data');
    expect(light.items[0]).not.toHaveProperty('thumbnailData');
    expect(light.items[0]).toHaveProperty('triggers');

    expect((await api.get('/api/v1/flows?status=enabled')).json().total).toBe(6);
    expect(
      (await api.get('/api/v1/flows?status=disabled&query=flow 1'))
        .json()
        .items.map((f: { name: string }) => f.name),
    ).toEqual(['Flow 11', 'Flow 1']);
    expect((await api.get(`/api/v1/flows?group=${group._id}`)).json().total).toBe(3);
    expect((await api.get('/api/v1/flows?group=none')).json().total).toBe(9);
  });

  it('answers the spec messages for name and notes, and normalises the rate limit', async () => {
    const api = t.request((await t.createAccount()).token);
    for (const name of ['', '   ', 'x'.repeat(121)]) {
      const res = await api.post('/api/v1/flows', { name });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(m.nameLength);
    }
    const notes = await api.post('/api/v1/flows', {
      name: 'Notas',
      description: 'x'.repeat(1_000_001),
    });
    expect(notes.statusCode).toBe(400);
    expect(notes.json().message).toBe(m.notesTooLarge);
    for (const [rate, stored] of [
      [-3, 0],
      [2.7, 2],
      ['', 0],
      ['5', 5],
    ] as const) {
      const res = await api.post('/api/v1/flows', { name: 'Limite', config: { rate_limit: rate } });
      expect(res.json().config).toEqual({
        rate_limit: stored,
        save_executions: 'default',
        continue_unawaited: true,
      });
    }
  });

  it('refuses deprecated nodes (400) and more Action/Trigger nodes than the customer limit (429)', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const deprecated = await api.post('/api/v1/flows', {
      name: 'Velho',
      data: testDocument(['test_old']),
    });
    expect(deprecated.statusCode).toBe(400);
    expect(deprecated.json()).toMatchObject({ code: 'deprecated_nodes', message: m.deprecated });

    await t.database.db
      .update(customers)
      .set({ config: { node_limit: 3 } })
      .where(eq(customers.id, account.customerId));
    expect(
      (await api.post('/api/v1/flows', { name: 'Cabe', data: testDocument(2) })).statusCode,
    ).toBe(201);
    const over = await api.post('/api/v1/flows', { name: 'Grande', data: testDocument(3) });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'node_limit', message: m.nodeLimit(3) });
    expect((await api.get('/api/v1/flows')).json().total).toBe(1);
  });

  it('saves a draft with errors disabled, refuses to enable it, and refuses a malformed document', async () => {
    const api = t.request((await t.createAccount()).token);
    const draft = await api.post('/api/v1/flows', {
      name: 'Rascunho',
      data: testDocument(1, { url: '' }),
    });
    expect(draft.statusCode).toBe(201);
    const enable = await api.put(`/api/v1/flows/${draft.json()._id}`, { enabled: true });
    expect(enable.statusCode).toBe(400);
    expect(enable.json()).toMatchObject({
      code: 'invalid_flow',
      message: m.invalidToEnable,
      details: [
        { message: 'O conector "Ação de teste" não tem o parâmetro obrigatório "URL" preenchido.' },
      ],
    });
    expect((await api.get(`/api/v1/flows/${draft.json()._id}`)).json().enabled).toBe(false);

    const malformed = await api.post('/api/v1/flows', {
      name: 'Quebrado',
      data: { version: 1, nodes: 'x', edges: [] },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      code: 'invalid_flow',
      details: [{ field: 'data', message: 'O documento do fluxo é inválido em "nodes".' }],
    });
  });

  it('keeps flows inside their workspace and groups', async () => {
    const owner = t.request((await t.createAccount()).token);
    const stranger = t.request((await t.createAccount()).token);
    const flow = (
      await owner.post('/api/v1/flows', { name: 'Privado', data: testDocument(1) })
    ).json();
    for (const res of [
      await stranger.get(`/api/v1/flows/${flow._id}`),
      await stranger.put(`/api/v1/flows/${flow._id}`, { name: 'Roubado' }),
      await stranger.post(`/api/v1/flows/duplicate/${flow._id}`),
      await stranger.delete(`/api/v1/flows/${flow._id}`),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    expect((await stranger.get('/api/v1/flows')).json()).toEqual({ items: [], total: 0 });
    expect((await owner.get(`/api/v1/flows/${flow._id}`)).json().name).toBe('Privado');

    const foreignGroup = (await stranger.post('/api/v1/groups', { name: 'Deles' })).json();
    const wrongGroup = await owner.put(`/api/v1/flows/${flow._id}`, { group: foreignGroup._id });
    expect(wrongGroup.statusCode).toBe(400);
    expect(wrongGroup.json().message).toBe(m.groupNotFound);

    const group = (await owner.post('/api/v1/groups', { name: 'Nosso' })).json();
    expect((await owner.put(`/api/v1/flows/${flow._id}`, { group: group._id })).json().group).toBe(
      group._id,
    );
    await owner.delete(`/api/v1/groups/${group._id}`);
    expect((await owner.get(`/api/v1/flows/${flow._id}`)).json().group).toBeNull();
    expect((await t.request(null).get('/api/v1/flows')).statusCode).toBe(401);
  });
});

describeEachDriver('flows with PONTE_NODE_LIMIT', (driver) => {
  const t = useTestApp(driver, { nodes: flowTestNodes, nodeLimit: 2 });

  it('applies the installation-wide limit over the customer’s own, and reports it in /users/me', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    expect((await api.get('/api/v1/users/me')).json().customer.config.node_limit).toBe(2);
    expect(
      (await api.post('/api/v1/flows', { name: 'Cabe', data: testDocument(1) })).statusCode,
    ).toBe(201);
    const over = await api.post('/api/v1/flows', { name: 'Grande', data: testDocument(2) });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'node_limit', message: m.nodeLimit(2) });
  });
});
