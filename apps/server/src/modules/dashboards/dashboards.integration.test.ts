import { expect, it } from 'vitest';
import {
  dashboardListSchema,
  dashboardSchema,
  type Dashboard,
  type DashboardBodyInput,
  type WidgetType,
} from '@ponte/shared/dashboards.schema';
import { messages } from '@ponte/shared/messages';
import { securityLogSchema } from '@ponte/shared/security-log.schema';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { until } from '../../test/until';

const m = messages.dashboards;

const widget = (id: string, type: WidgetType, config: Record<string, unknown> = {}) => ({
  id,
  type,
  x: 0,
  y: 0,
  w: 2,
  h: 2,
  config,
});

describeEachDriver('dashboards API', (driver) => {
  const t = useTestApp(driver);
  const api = (account: TestAccount) => t.request(account.token);

  async function create(account: TestAccount, body: DashboardBodyInput): Promise<Dashboard> {
    const res = await api(account).post('/api/v1/dashboards', body);
    expect(res.statusCode, res.body).toBe(201);
    return dashboardSchema.parse(res.json());
  }
  const list = async (account: TestAccount, query = '') => {
    const res = await api(account).get(`/api/v1/dashboards${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return dashboardListSchema.parse(res.json());
  };

  it('creates, reads, edits and removes a dashboard; content is emptied and HTML sanitised', async () => {
    const account = await t.createAccount();
    const group = (await api(account).post('/api/v1/groups', { name: 'Operação' })).json();
    const created = await create(account, {
      name: ' Pedidos ',
      group: group._id,
      widgets: [
        {
          ...widget('widget-a', 'text_html', {
            html: '<h2>Olá</h2><script>alert(1)</script><img src="https://x/y.png" onerror="alert(2)"><a href="javascript:alert(3)">x</a><a href="https://ponte.dev">site</a>',
          }),
          content: { value: 42 },
        },
        widget('widget-b', 'execution_count', { label: 'Execuções' }),
      ],
    });
    expect(created).toMatchObject({ name: 'Pedidos', group: group._id });
    const html = created.widgets[0]!.config.html;
    expect(html).toContain('<h2>Olá</h2>');
    expect(html).toContain('<img src="https://x/y.png" />');
    expect(html).toContain(
      '<a href="https://ponte.dev" rel="noopener noreferrer" target="_blank">site</a>',
    );
    expect(html).not.toMatch(/script|onerror|javascript/);
    expect(created.widgets[0]!.content).toBeUndefined();
    const read = dashboardSchema.parse(
      (await api(account).get(`/api/v1/dashboards/${created._id}`)).json(),
    );
    expect(read).toEqual(created);
    expect(read.widgets[0]).not.toHaveProperty('content');

    const edited = await api(account).put(`/api/v1/dashboards/${created._id}`, {
      name: 'Pedidos do dia',
      group: null,
      widgets: [widget('widget-b', 'execution_count')],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Pedidos do dia', group: null });
    expect(edited.json().widgets).toHaveLength(1);

    const removed = await api(account).delete(`/api/v1/dashboards/${created._id}`);
    expect(removed.statusCode).toBe(204);
    expect((await api(account).get(`/api/v1/dashboards/${created._id}`)).statusCode).toBe(404);
  });

  it('refuses a save that breaks the rules with every issue, in pt-BR, and saves nothing', async () => {
    const account = await t.createAccount();
    const res = await api(account).post('/api/v1/dashboards', {
      name: '  ',
      widgets: [widget('widget-l', 'log_count'), widget('widget-d', 'database_list')],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(m.nameRequired);
    expect(res.json().details.map((d: { message: string }) => d.message)).toEqual([
      m.nameRequired,
      m.searchTermRequired,
      m.tableRequired,
    ]);
    const bad = await api(account).post('/api/v1/dashboards', {
      name: 'X',
      widgets: [widget('nao-e-widget', 'text_html')],
    });
    expect(bad.statusCode).toBe(400);
    expect((await list(account)).total).toBe(0);
  });

  it('lists by name with search, group and paging, and duplicates as "(cópia)"', async () => {
    const account = await t.createAccount();
    const group = (await api(account).post('/api/v1/groups', { name: 'Vendas' })).json();
    for (let i = 1; i <= 12; i++)
      await create(account, { name: `Painel ${String(i).padStart(2, '0')}`, widgets: [] });
    const source = await create(account, {
      name: 'Vendas hoje',
      group: group._id,
      widgets: [widget('widget-c', 'execution_count')],
    });
    const first = await list(account);
    expect(first.total).toBe(13);
    expect(first.items).toHaveLength(10);
    expect(first.items[0]!.name).toBe('Painel 01');
    expect((await list(account, '?page=2')).items.map((d) => d.name)).toEqual([
      'Painel 11',
      'Painel 12',
      'Vendas hoje',
    ]);
    expect((await list(account, '?query=vendas')).items).toMatchObject([
      { name: 'Vendas hoje', widget_count: 1 },
    ]);
    expect((await list(account, `?group=${group._id as string}`)).total).toBe(1);
    expect((await list(account, '?group=none')).total).toBe(12);

    const copy = await api(account).post(`/api/v1/dashboards/duplicate/${source._id}`);
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json()).toMatchObject({
      name: 'Vendas hoje (cópia)',
      group: group._id,
      widgets: source.widgets,
    });
    expect(copy.json()._id).not.toBe(source._id);
  });

  it("answers 404 to another workspace's dashboard, changes nothing and records the attempt", async () => {
    const owner = await t.createAccount();
    const intruder = await t.createAccount({ workspaceName: 'Intruso' });
    const dashboard = await create(owner, { name: 'Do dono', widgets: [] });
    const other = api(intruder);
    for (const res of [
      await other.get(`/api/v1/dashboards/${dashboard._id}`),
      await other.put(`/api/v1/dashboards/${dashboard._id}`, { name: 'Tomado' }),
      await other.delete(`/api/v1/dashboards/${dashboard._id}`),
      await other.post(`/api/v1/dashboards/duplicate/${dashboard._id}`),
      await other.post('/api/v1/dashboards/query', { id: dashboard._id, data: [] }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(m.notFound);
    }
    expect(await list(intruder)).toEqual({ items: [], total: 0 });
    expect((await list(owner)).items.map((d) => d.name)).toEqual(['Do dono']);
    const [event] = await until(async () => {
      const { items } = securityLogSchema.parse(
        (await other.get('/account/v1/security-log?kind=cross_workspace_denied')).json(),
      );
      return items.length > 0 && items;
    }, 'o acesso negado no registro de segurança');
    expect(event).toMatchObject({ resource: `dashboard:${dashboard._id}` });

    const foreignGroup = (await other.post('/api/v1/groups', { name: 'Dele' })).json();
    const wrongGroup = await api(owner).post('/api/v1/dashboards', {
      name: 'Grupo',
      group: foreignGroup._id,
    });
    expect(wrongGroup.statusCode).toBe(400);
    expect(wrongGroup.json().message).toBe(messages.flows.groupNotFound);
    expect((await t.request(null).get('/api/v1/dashboards')).statusCode).toBe(401);
  });

  it('answers 413 in pt-BR to a body over the limit', async () => {
    const account = await t.createAccount();
    const res = await api(account).post('/api/v1/dashboards', {
      name: 'Grande',
      widgets: [],
      filler: 'x'.repeat(5 * 1024 * 1024),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(messages.generic.payloadTooLarge);
  });
});
