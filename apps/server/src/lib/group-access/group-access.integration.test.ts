import { expect, it } from 'vitest';
import { liveClientEvents, liveRooms, liveServerEvents } from '@ponte/shared/live.schema';
import { messages } from '@ponte/shared/messages';
import type { RunningExecution } from '@ponte/shared/monitoring.schema';
import { chain, finished } from '../../test/flow-fixtures';
import { field } from '../../test/db-table-fixtures';
import { createGate } from '../../test/gate-node';
import { joinLive, recordLive, useLiveSockets } from '../../test/live-client';
import {
  useTestApp,
  type Requester,
  type TestAccount,
  type TestContext,
} from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { until } from '../../test/until';
import { connectorBody } from '../../modules/custom-nodes/custom-node-fixtures';

const g = messages.groupAccess;

/** The seven named areas, each with a body that makes one of its resources. */
const areas: { url: string; body: (name: string) => Record<string, unknown> }[] = [
  {
    url: '/api/v1/flows',
    body: (name) => ({ name, enabled: false, data: chain({ type: 'core_manual_trigger' }) }),
  },
  {
    url: '/api/v1/forms',
    body: (name) => ({ name, fields: [{ type: 'text', name: 'nome', label: 'Nome' }] }),
  },
  { url: '/api/v1/queues', body: (name) => ({ name }) },
  { url: '/api/v1/db/tables', body: (name) => ({ name, fields: [field('nome')] }) },
  { url: '/api/v1/dashboards', body: (name) => ({ name, widgets: [] }) },
  {
    url: '/api/v1/alert-rules',
    body: (name) => ({ name, action_email_to: 'ops@exemplo.com.br', match_log_content: 'x' }),
  },
  { url: '/api/v1/custom-nodes', body: (name) => connectorBody(name) },
];

const manualFlow = (gated = false) =>
  chain({ type: 'core_manual_trigger' }, ...(gated ? [{ type: 'test_gate' }] : []));

async function created(api: Requester, url: string, body: object): Promise<string> {
  const res = await api.post(url, body);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { _id: string })._id;
}

/** A workspace with groups 'Vendas' and 'Financeiro', and a member limited to 'Vendas'. */
async function limitedWorkspace(t: TestContext, role: 'editor' | 'operator' = 'editor') {
  const owner = await t.createAccount();
  const api = t.request(owner.token);
  const sales = await created(api, '/api/v1/groups', { name: 'Vendas' });
  const finance = await created(api, '/api/v1/groups', { name: 'Financeiro' });
  const member = await t.addMember(owner, role, 'Carla Vendas');
  const limited = await api.put(`/api/v1/members/${member.userId}`, { role, groups: [sales] });
  expect(limited.statusCode, limited.body).toBe(200);
  const token = await t.tokens.issue(member.userId, owner.workspaceId);
  return { owner, api, sales, finance, member, carla: t.request(token), token };
}

const names = async (api: Requester, url: string) => {
  const res = await api.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: { name: string }[] }).items.map((item) => item.name).sort();
};

describeEachDriver('per-group access (docs/adr/0109)', (driver) => {
  const gate = createGate();
  const t = useTestApp(driver, {
    nodes: [gate.node],
    executionConcurrency: 4,
    // Alert rules need a way to send; nothing is sent in these tests.
    alerts: {
      smtp: { host: '127.0.0.2', port: 2525, secure: false },
      dispatchIntervalMs: 3_600_000,
    },
  });
  const live = useLiveSockets(t);

  it("lists, reads and changes only what is in the member's groups, in every named area", async () => {
    const { api, sales, finance, carla, token } = await limitedWorkspace(t);
    for (const { url, body } of areas) {
      const mine = await created(api, url, { ...body('Da equipe de vendas'), group: sales });
      const other = await created(api, url, { ...body('Do financeiro'), group: finance });
      await created(api, url, body('Sem grupo'));
      expect(await names(carla, url), url).toEqual(['Da equipe de vendas']);
      expect(await names(api, url), url).toHaveLength(3);
      // The list's own group filter cannot reach past the limit.
      expect(await names(carla, `${url}?group=${finance}`), url).toEqual([]);
      expect((await carla.get(`${url}/${mine}`)).statusCode, url).toBe(200);
      const read = await carla.get(`${url}/${other}`);
      expect(read.statusCode, url).toBe(403);
      expect(read.json(), url).toMatchObject({ message: g.outside });
      // Queues are removed by `_id` in the body (spec 2 §7), the others by the path.
      const removed =
        url === '/api/v1/queues'
          ? await t.app.inject({
              method: 'DELETE',
              url,
              headers: { authorization: `Bearer ${token}` },
              payload: { _id: other },
            })
          : await carla.delete(`${url}/${other}`);
      expect(removed.statusCode, url).toBe(403);
      expect((await api.get(`${url}/${other}`)).statusCode, url).toBe(200);
      // Made only in one of theirs: none, or another group, is refused on `group`.
      for (const group of [undefined, null, finance]) {
        const refused = await carla.post(url, { ...body('Tentativa'), group });
        expect(refused.statusCode, `${url} ${group}`).toBe(400);
        expect(refused.json(), url).toMatchObject({ message: g.chooseYours });
      }
      await created(carla, url, { ...body('Nova de vendas'), group: sales });
    }
    expect(await names(carla, '/api/v1/groups')).toEqual(['Vendas']);
    expect((await carla.get(`/api/v1/groups/${finance}`)).statusCode).toBe(403);
  });

  it('keeps a resource from being moved out of reach, and groups in the hands of admins', async () => {
    const { api, sales, finance, carla } = await limitedWorkspace(t);
    const flowId = await created(api, '/api/v1/flows', {
      ...areas[0]!.body('Pedidos'),
      group: sales,
    });
    const flow = (await carla.get(`/api/v1/flows/${flowId}`)).json() as Record<string, unknown>;
    const moved = await carla.put(`/api/v1/flows/${flowId}`, { ...flow, group: finance });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toMatchObject({ message: g.chooseYours });
    expect((await api.get(`/api/v1/flows/${flowId}`)).json()).toMatchObject({ group: sales });
    const renamed = await carla.put(`/api/v1/flows/${flowId}`, { ...flow, name: 'Pedidos 2' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const copy = await carla.post(`/api/v1/flows/duplicate/${flowId}`, {});
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json()).toMatchObject({ group: sales });
    for (const attempt of [
      carla.post('/api/v1/groups', { name: 'Meu grupo' }),
      carla.put(`/api/v1/groups/${sales}`, { name: 'Vendas 2' }),
      carla.delete(`/api/v1/groups/${sales}`),
    ]) {
      const refused = await attempt;
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ message: g.cannotManage });
    }
    expect(await names(api, '/api/v1/groups')).toEqual(['Financeiro', 'Vendas']);
  });

  it("shows and runs only the executions of their groups' flows", async () => {
    const { owner, sales, finance, carla } = await limitedWorkspace(t, 'operator');
    const own = (group: string) => ({ ...areas[0]!.body('x'), enabled: true, group });
    const mine = await created(t.request(owner.token), '/api/v1/flows', {
      ...own(sales),
      name: 'Vendas',
      data: manualFlow(),
    });
    const other = await created(t.request(owner.token), '/api/v1/flows', {
      ...own(finance),
      name: 'Financeiro',
      data: manualFlow(),
    });
    const run = await carla.post(`/engine/flow/manual-trigger/${mine}`, {});
    expect(run.statusCode, run.body).toBe(200);
    const refused = await carla.post(`/engine/flow/manual-trigger/${other}`, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: g.outside });
    const theirs = await t.request(owner.token).post(`/engine/flow/manual-trigger/${other}`, {});
    await finished(t, mine);
    const [ended] = await finished(t, other);
    const completed = await carla.get('/api/v1/monitoring/executions/completed');
    const flows = (completed.json() as { items: { data: { flow_id: string } }[] }).items.map(
      (item) => item.data.flow_id,
    );
    expect(flows).toEqual([mine]);
    const data = await carla.get(`/api/v1/monitoring/executions/${ended!.id}/data`);
    expect(data.statusCode).toBe(403);
    expect(theirs.json().execution_id).toBe(ended!.id);
    const logs = await carla.get('/api/v1/monitoring/logs?filters={}');
    const logFlows = (logs.json() as { items: { data: { flow_id?: string } }[] }).items.map(
      (item) => item.data.flow_id,
    );
    expect(logFlows).not.toContain(other);
    // A dashboard's widgets count only their flows and read only their tables.
    const table = await created(t.request(owner.token), '/api/v1/db/tables', {
      name: 'Notas',
      fields: [field('nome')],
      group: finance,
    });
    const widgets = await carla.post('/api/v1/dashboards/query', {
      data: [
        { id: 'widget-1', type: 'execution_count', config: {} },
        { id: 'widget-2', type: 'database_list', config: { table_id: table } },
      ],
      periodType: 'today',
    });
    expect(widgets.statusCode, widgets.body).toBe(200);
    expect(widgets.json()).toMatchObject({
      'widget-1': { value: 1 },
      'widget-2': { kind: 'error', error: messages.dashboards.tableMissing },
    });
    const all = await t.request(owner.token).post('/api/v1/dashboards/query', {
      data: [{ id: 'widget-1', type: 'execution_count', config: {} }],
      periodType: 'today',
    });
    expect(all.json()).toMatchObject({ 'widget-1': { value: 2 } });
  });

  it('keeps the live rooms and the running list to their groups', async () => {
    const { owner, api, sales, finance, token } = await limitedWorkspace(t, 'operator');
    const flow = (group: string, name: string) => ({
      name,
      enabled: true,
      group,
      data: manualFlow(true),
    });
    const mine = await created(api, '/api/v1/flows', flow(sales, 'Vendas'));
    const other = await created(api, '/api/v1/flows', flow(finance, 'Financeiro'));
    const socket = await live.connect(token);
    expect(await joinLive(socket, liveRooms.debugger(other))).toEqual({
      ok: false,
      message: messages.engine.flowNotFound,
    });
    expect(await joinLive(socket, liveRooms.flowStatus(mine))).toEqual({ ok: true });
    expect(await joinLive(socket, liveRooms.liveMonitoring)).toEqual({ ok: true });
    const updates = recordLive<RunningExecution[]>(socket, liveServerEvents.statusListUpdated);
    gate.reset();
    for (const id of [mine, other])
      await t.request(owner.token).post(`/engine/flow/manual-trigger/${id}`, {});
    await until(() => gate.entered() === 2, 'as duas execuções no portão');
    const lists = recordLive<RunningExecution[]>(socket, liveServerEvents.statusList);
    socket.emit(liveClientEvents.getStatusList);
    await until(() => lists.length, 'a lista');
    expect(lists[0]!.map((item) => item.flow_id)).toEqual([mine]);
    await until(() => updates.some((list) => list.length > 0), 'a lista atualizada');
    for (const list of updates) expect(list.map((item) => item.flow_id)).not.toContain(other);
    gate.open();
    await finished(t, mine);
    await finished(t, other);
  });

  it('sets, checks and lifts the limit; narrowing it ends the sessions at once', async () => {
    const { owner, api, sales, finance, member, token } = await limitedWorkspace(t);
    const m = messages.members;
    // The session issued after the limit works; the one before it was ended.
    expect((await t.request(token).get('/api/v1/flows')).statusCode).toBe(200);
    const current = await t.request(token).get('/api/v1/workspaces/current');
    expect(current.json()).toMatchObject({ role: 'editor', groups: [sales] });
    const listed = (await api.get('/api/v1/members')).json() as {
      items: { _id: string; groups: string[] | null }[];
    };
    expect(listed.items.find((item) => item._id === member.userId)?.groups).toEqual([sales]);
    expect(listed.items.find((item) => item._id === owner.userId)?.groups).toBeNull();
    const admin = await api.put(`/api/v1/members/${member.userId}`, {
      role: 'admin',
      groups: [sales],
    });
    expect(admin.statusCode).toBe(400);
    expect(admin.json()).toMatchObject({ message: m.groupsForRole });
    for (const [groups, message] of [
      [['nao-existe'], m.groupsUnknown],
      [[], m.groupsEmpty],
    ] as const) {
      const refused = await api.put(`/api/v1/members/${member.userId}`, { role: 'editor', groups });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ message });
    }
    // A role change alone keeps the groups; widening keeps the session.
    const widened = await api.put(`/api/v1/members/${member.userId}`, {
      role: 'viewer',
      groups: [sales, finance],
    });
    expect(widened.json()).toMatchObject({ role: 'viewer', groups: [sales, finance] });
    expect((await t.request(token).get('/api/v1/groups')).statusCode).toBe(200);
    expect(await names(t.request(token), '/api/v1/groups')).toEqual(['Financeiro', 'Vendas']);
    const narrowed = await api.put(`/api/v1/members/${member.userId}`, {
      role: 'viewer',
      groups: [finance],
    });
    expect(narrowed.statusCode).toBe(200);
    expect((await t.request(token).get('/api/v1/groups')).statusCode).toBe(401);
    // Made admin, the limit goes: admins reach every group.
    const promoted = await api.put(`/api/v1/members/${member.userId}`, { role: 'admin' });
    expect(promoted.json()).toMatchObject({ role: 'admin', groups: null });
  });

  it('gives an invited or added person the groups they were given', async () => {
    const owner: TestAccount = await t.createAccount();
    const api = t.request(owner.token);
    const sales = await created(api, '/api/v1/groups', { name: 'Vendas' });
    await created(api, '/api/v1/flows', { ...areas[0]!.body('Fora'), enabled: false });
    const invited = await api.post('/api/v1/members/invitations', {
      role: 'operator',
      groups: [sales],
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json()).toMatchObject({ groups: [sales] });
    const tokenOf = (invited.json() as { link: string }).link.split('/convite/')[1]!;
    const accepted = await t.request(null).post(`/account/v1/invitations/${tokenOf}/accept`, {
      name: 'Davi Convidado',
      email: `davi-${owner.workspaceId.slice(0, 8)}@exemplo.com.br`,
      password: owner.password,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const davi = t.request((accepted.json() as { token: string }).token);
    expect(await names(davi, '/api/v1/flows')).toEqual([]);
    const refused = await api.post('/api/v1/members/invitations', {
      role: 'admin',
      groups: [sales],
    });
    expect(refused.statusCode).toBe(400);
    // A person added with a password by the owner starts with the groups given, too.
    const added = await api.post('/account/v1/users', {
      name: 'Eva Adicionada',
      email: `eva-${owner.workspaceId.slice(0, 8)}@exemplo.com.br`,
      password: owner.password,
      role: 'viewer',
      groups: [sales],
    });
    expect(added.statusCode, added.body).toBe(201);
    const eva = t.request(await t.tokens.issue(added.json()._id as string, owner.workspaceId));
    expect(await names(eva, '/api/v1/flows')).toEqual([]);
    expect((await eva.get('/api/v1/workspaces/current')).json()).toMatchObject({ groups: [sales] });
    const adminWithGroups = await api.post('/account/v1/users', {
      name: 'Fábio',
      email: `fabio-${owner.workspaceId.slice(0, 8)}@exemplo.com.br`,
      password: owner.password,
      role: 'admin',
      groups: [sales],
    });
    expect(adminWithGroups.statusCode).toBe(400);
    expect(adminWithGroups.json()).toMatchObject({ message: messages.members.groupsForRole });
  });
});
