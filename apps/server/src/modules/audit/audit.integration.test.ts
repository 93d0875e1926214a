import { expect, it } from 'vitest';
import { auditListSchema, type AuditEvent } from '@ponte/shared/audit.schema';
import { deniedBecause } from '@ponte/shared/roles';
import { chain, createFlow } from '../../test/flow-fixtures';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { until } from '../../test/until';
import { auditEvents } from '../../db/schema';

describeEachDriver('audit log', (driver) => {
  const t = useTestApp(driver);

  const read = async (account: TestAccount, query = '') => {
    const res = await t.request(account.token).get(`/api/v1/audit${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return auditListSchema.parse(res.json());
  };
  const changesOf = async (account: TestAccount, query = '') =>
    (await read(account, `?category=change${query ? `&${query}` : ''}`)).items;
  const summary = (event: AuditEvent) => [
    event.action,
    event.resource_kind,
    event.resource_name,
    event.actor_name,
  ];

  it('records a flow changed through an API key: the key, its address, and what changed', async () => {
    const owner = await t.createAccount();
    const flowId = await createFlow(t, owner, chain({ type: 'core_manual_trigger' }));
    const keyRes = await t.request(owner.token).post('/api/v1/api-tokens', {
      name: 'Integração do ERP',
      scopes: ['flows.write', 'flows.run'],
    });
    expect(keyRes.statusCode, keyRes.body).toBe(201);
    const key = keyRes.json() as { _id: string; token: string };

    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/flows/${flowId}`,
      headers: { authorization: `Bearer ${key.token}` },
      payload: { name: 'Pedidos do ERP' },
      remoteAddress: '203.0.113.9',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);

    const [change] = await changesOf(owner, 'resource_kind=flows&action=update');
    expect(change).toMatchObject({
      category: 'change',
      action: 'update',
      resource_kind: 'flows',
      resource_id: flowId,
      resource_name: 'Flow de teste',
      actor_name: 'Integração do ERP',
      api_key: { _id: key._id, name: 'Integração do ERP' },
      user: { _id: owner.userId },
      ip: '203.0.113.9',
      changes: [{ field: 'name', before: 'Flow de teste', after: 'Pedidos do ERP' }],
    });
    // The key itself is never in the log.
    expect(JSON.stringify(await read(owner))).not.toContain(key.token);
  });

  it('records creation, enabling, a run by hand and removal by a person; not reads nor refusals', async () => {
    const owner = await t.createAccount();
    const editor = await t.addMember(owner, 'editor', 'Edna Editora');
    const api = t.request(editor.token);
    const flowId = await createFlow(t, editor, chain({ type: 'core_manual_trigger' }), false);
    expect((await api.get(`/api/v1/flows/${flowId}`)).statusCode).toBe(200);
    expect((await api.put(`/api/v1/flows/${flowId}`, { enabled: true })).statusCode).toBe(200);
    expect((await api.put(`/api/v1/flows/${flowId}`, { name: '' })).statusCode).toBe(400);
    const run = await api.post(`/engine/flow/manual-trigger/${flowId}`, {});
    expect(run.statusCode, run.body).toBeLessThan(300);
    expect((await api.delete(`/api/v1/flows/${flowId}`)).statusCode).toBeLessThan(300);

    const events = await changesOf(owner, 'resource_kind=flows');
    expect(events.map(summary)).toEqual([
      ['delete', 'flows', 'Flow de teste', 'Edna Editora'],
      ['run', 'flows', '', 'Edna Editora'],
      ['enable', 'flows', 'Flow de teste', 'Edna Editora'],
      ['create', 'flows', 'Flow de teste', 'Edna Editora'],
    ]);
    expect(events.every((event) => event.user?._id === editor.userId)).toBe(true);
    // Filters: by person, by action.
    expect((await changesOf(owner, `user_id=${owner.userId}`)).length).toBe(0);
    expect((await changesOf(owner, 'action=enable')).map((e) => e.resource_id)).toEqual([flowId]);
  });

  it('records a role change with before and after, and only admins read the log', async () => {
    const owner = await t.createAccount();
    const member = await t.addMember(owner, 'editor', 'Otávio');
    const changed = await t
      .request(owner.token)
      .put(`/api/v1/members/${member.userId}`, { role: 'operator' });
    expect(changed.statusCode, changed.body).toBe(200);

    const [event] = await changesOf(owner, 'resource_kind=members');
    expect(event).toMatchObject({
      action: 'update',
      resource_id: member.userId,
      resource_name: 'Otávio',
      changes: [{ field: 'role', before: 'editor', after: 'operator' }],
    });
    const refused = await t.request(member.token).get('/api/v1/audit');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(deniedBecause('operator', 'audit.read'));
  });

  it('records the invitation made by a person and the person who joined through it', async () => {
    const owner = await t.createAccount();
    const invited = await t
      .request(owner.token)
      .post('/api/v1/members/invitations', { role: 'operator' });
    expect(invited.statusCode, invited.body).toBe(201);
    const link = invited.json().link as string;
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/account/v1/invitations/${link.slice(link.lastIndexOf('/') + 1)}/accept`,
      payload: { name: 'Carla Dias', email: 'carla@exemplo.com.br', password: 'senha-da-carla-1' },
      remoteAddress: '192.0.2.44',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);

    const events = await changesOf(owner, 'resource_kind=members');
    expect(events.map(summary)).toEqual([
      ['create', 'members', 'Carla Dias', 'Carla Dias'],
      ['create', 'members', '', 'Pessoa de Teste'],
    ]);
    expect(events[0]).toMatchObject({
      ip: '192.0.2.44',
      detail: 'Entrou pelo convite como Operador.',
    });
    expect(JSON.stringify(events)).not.toContain(link);
  });

  it('never holds a secret: a service account whose token changed shows no token', async () => {
    const owner = await t.createAccount();
    const api = t.request(owner.token);
    const created = await api.post('/api/v1/service-accounts', {
      name: 'API de pedidos',
      auth_type: 'bearer_token',
      bearer_token: { token: 'segredo-antigo-123', allowed_domains: 'all' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { _id: string })._id;
    const updated = await api.put(`/api/v1/service-accounts/${id}`, {
      name: 'API de pedidos 2',
      auth_type: 'bearer_token',
      bearer_token: { token: 'segredo-novo-456', allowed_domains: 'all' },
    });
    expect(updated.statusCode, updated.body).toBe(200);

    const events = await changesOf(owner, 'resource_kind=serviceAccounts');
    expect(events.map((event) => event.action)).toEqual(['update', 'create']);
    expect(events[0]!.changes).toContainEqual({
      field: 'name',
      before: 'API de pedidos',
      after: 'API de pedidos 2',
    });
    const csv = (await api.get('/api/v1/audit/export')).body;
    for (const text of [JSON.stringify(await read(owner)), csv]) {
      expect(text).not.toContain('segredo-antigo-123');
      expect(text).not.toContain('segredo-novo-456');
    }
  });

  it('folds the security log in: a sign-in is there with its address', async () => {
    const owner = await t.createAccount();
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/account/v1/authenticate',
      payload: { email: owner.email, password: owner.password },
      remoteAddress: '198.51.100.7',
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const events = await until(async () => {
      const { items } = await read(owner, '?category=security');
      return items.length > 0 && items;
    }, 'a entrada no registro');
    expect(events[0]).toMatchObject({
      category: 'security',
      action: 'signed_in',
      ip: '198.51.100.7',
      user: { _id: owner.userId },
    });
  });

  it('exports a CSV that Excel in pt-BR opens, with the same filters, formulas neutralised', async () => {
    const owner = await t.createAccount();
    const api = t.request(owner.token);
    await t.database.db.insert(auditEvents).values({
      workspaceId: owner.workspaceId,
      category: 'change',
      action: 'create',
      userId: owner.userId,
      actorName: 'Quem criou',
      ip: '127.0.0.1',
      resourceKind: 'groups',
      resourceId: 'g1',
      resourceName: '=HYPERLINK("x")',
      changes: [{ field: 'name', before: 'A; B', after: 'C' }],
      createdAt: new Date('2026-03-10T15:04:05Z'),
    });
    expect((await api.post('/api/v1/groups', { name: 'Financeiro' })).statusCode).toBe(201);

    const res = await api.get('/api/v1/audit/export?category=change&from=2026-03-10&to=2026-03-10');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="auditoria-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFData e hora;Categoria;Ação;Pessoa;E-mail;Token de API;Endereço IP;Recurso;Nome do recurso;ID do recurso;Detalhes;Alterações',
    );
    expect(lines[1]).toBe(
      `10/03/2026 12:04:05;Alterações;Criou;Pessoa de Teste;${owner.email};;127.0.0.1;Grupo;"'=HYPERLINK(""x"")";g1;;"name: A; B → C"`,
    );
    expect(lines.filter(Boolean)).toHaveLength(2);
    expect(res.body).not.toContain('Financeiro');
    // The page reads the same period.
    expect((await read(owner, '?from=2026-03-11')).items.map((e) => e.resource_name)).toEqual([
      'Financeiro',
    ]);
  });
});
