import { expect, it } from 'vitest';
import { flowImportCreatedSchema, flowImportPreviewSchema } from '@ponte/shared/flow-import.schema';
import { messages } from '@ponte/shared/messages';
import { serviceAccountTypeLabels } from '@ponte/shared/service-accounts.schema';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { n8nSample, nodeRedSample } from './flow-import-samples';

const m = messages.flowImport;
const url = '/api/v1/flows/import-from';

describeEachDriver('flow import', (driver) => {
  const t = useTestApp(driver);

  async function basicAccount(account: TestAccount, name = 'Loja') {
    const res = await t.request(account.token).post('/api/v1/service-accounts', {
      name,
      auth_type: 'http_basic',
      http_basic: { url: 'https://api.exemplo.com.br', username: 'loja', password: 'p4ss' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json()._id as string;
  }

  const flowsOf = async (account: TestAccount) =>
    (await t.request(account.token).get('/api/v1/flows?status=all&limit=100')).json() as {
      items: { _id: string; name: string; enabled: boolean; group: string | null }[];
      total: number;
    };

  it('reports every node of an n8n workflow on a dry run and creates nothing', async () => {
    const account = await t.createAccount();
    const res = await t
      .request(account.token)
      .post(url, { source: 'n8n', document: n8nSample(), dry_run: true });
    expect(res.statusCode, res.body).toBe(200);
    const preview = flowImportPreviewSchema.parse(res.json());
    expect(preview.flows).toHaveLength(1);
    const [flow] = preview.flows;
    expect(flow!.name).toBe('Pedidos do dia');
    expect(flow!.nodes).toBe(5);
    expect(flow!.report.map((row) => row.original_name)).toEqual([
      'Ao clicar',
      'Buscar pedidos',
      'Marcar lido',
      'Repetir',
      'CRM da Acme',
    ]);
    const status = Object.fromEntries(flow!.report.map((row) => [row.original_name, row.status]));
    expect(status['CRM da Acme']).toBe('not_translated');
    expect(status['Ao clicar']).toBe('translated');
    expect(preview.totals.not_translated).toBe(1);
    expect(preview.totals.translated + preview.totals.adapted).toBe(4);
    const types = flow!.data.nodes.map((node) => node.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'core_manual_trigger',
        'core_http_request',
        'core_set',
        'core_execute_flow',
      ]),
    );
    expect(flow!.accounts).toEqual([
      expect.objectContaining({ key: 'cred-loja', account_type: 'http_basic' }),
    ]);
    expect((await flowsOf(account)).total).toBe(0);
    const audit = await t.request(account.token).get('/api/v1/audit');
    expect(audit.json().total).toBe(0);
  });

  it('creates the flow disabled, with the picked account and the call to itself resolved', async () => {
    const account = await t.createAccount();
    const accountId = await basicAccount(account);
    const api = t.request(account.token);
    await api.post('/api/v1/flows', { name: 'Pedidos do dia' });
    const group = (await api.post('/api/v1/groups', { name: 'Importados' })).json()._id as string;
    const res = await api.post(url, {
      source: 'n8n',
      document: n8nSample(),
      accounts: { 'cred-loja': accountId },
      group,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = flowImportCreatedSchema.parse(res.json());
    expect(created.flows).toHaveLength(1);
    expect(created.flows[0]!.name).toBe('Pedidos do dia (2)');
    expect(created.totals.not_translated).toBe(1);

    const flow = (await api.get(`/api/v1/flows/${created.flows[0]!._id}`)).json();
    expect(flow).toMatchObject({ name: 'Pedidos do dia (2)', enabled: false, group });
    const byType = (type: string) =>
      (flow.data.nodes as { type: string; params: Record<string, unknown> }[]).find(
        (node) => node.type === type,
      )!;
    expect(byType('core_http_request').params.service_account).toBe(accountId);
    expect(byType('core_execute_flow').params.flow).toBe(flow._id);
    const audit = (await api.get('/api/v1/audit')).json();
    expect(audit.items.map((item: { action: string }) => item.action)).toContain('create');
  });

  it('leaves a call to a flow outside the file empty and says so', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const res = await api.post(url, { source: 'n8n', document: n8nSample({ callsOther: true }) });
    expect(res.statusCode, res.body).toBe(201);
    const report = flowImportCreatedSchema.parse(res.json()).flows[0]!.report;
    const call = report.find((row) => row.original_name === 'Repetir')!;
    expect(call.notes).toContain(m.flowRefMissing);
    const http = report.find((row) => row.original_name === 'Buscar pedidos')!;
    expect(http.notes).toContain(m.accountMissingNote);
    const flow = (await api.get(`/api/v1/flows/${res.json().flows[0]._id}`)).json();
    const node = (flow.data.nodes as { type: string; params: { flow?: string } }[]).find(
      (each) => each.type === 'core_execute_flow',
    )!;
    expect(node.params.flow ?? '').toBe('');
  });

  it("refuses another workspace's account, naming the credential, and creates nothing", async () => {
    const account = await t.createAccount();
    const stranger = await t.createAccount();
    const theirs = await basicAccount(stranger);
    const res = await t.request(account.token).post(url, {
      source: 'n8n',
      document: n8nSample(),
      accounts: { 'cred-loja': theirs },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(m.accountMissing('Loja'));
    expect((await flowsOf(account)).total).toBe(0);
    expect((await flowsOf(stranger)).total).toBe(0);
  });

  it('refuses an account of another type', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const bearer = await api.post('/api/v1/service-accounts', {
      name: 'Token',
      auth_type: 'bearer_token',
      bearer_token: { url: 'https://api.exemplo.com.br', token: 't0k3n' },
    });
    expect(bearer.statusCode, bearer.body).toBe(201);
    const res = await api.post(url, {
      source: 'n8n',
      document: n8nSample(),
      accounts: { 'cred-loja': bearer.json()._id },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      m.accountWrongType('Loja', serviceAccountTypeLabels.http_basic),
    );
    expect((await flowsOf(account)).total).toBe(0);
  });

  it('refuses a file that is not an export of the tool with a message in Portuguese', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const res = await api.post(url, { source: 'n8n', document: nodeRedSample() });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('import_format');
    expect(res.json().message).toMatch(/n8n/);
    const other = await api.post(url, { source: 'node-red', document: n8nSample(), dry_run: true });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toMatch(/Node-RED/);
    expect((await flowsOf(account)).total).toBe(0);
  });

  it('makes one flow per Node-RED tab', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const preview = await api.post(url, {
      source: 'node-red',
      document: nodeRedSample(),
      dry_run: true,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().flows.map((flow: { name: string }) => flow.name)).toEqual([
      'Sensores',
      'Alertas',
    ]);
    expect(preview.json().totals.not_translated).toBe(1);
    const res = await api.post(url, { source: 'node-red', document: nodeRedSample() });
    expect(res.statusCode, res.body).toBe(201);
    const listed = await flowsOf(account);
    expect(listed.items.map((flow) => flow.name).sort()).toEqual(['Alertas', 'Sensores']);
    expect(listed.items.every((flow) => !flow.enabled)).toBe(true);
  });

  it('answers 413 in Portuguese past 10 MB', async () => {
    const account = await t.createAccount();
    const res = await t.request(account.token).post(url, {
      source: 'n8n',
      document: { ...n8nSample(), pinData: 'x'.repeat(10 * 1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(m.tooLarge);
  });

  it('is for those who may create flows', async () => {
    const account = await t.createAccount();
    const viewer = await t.addMember(account, 'viewer');
    const res = await t
      .request(viewer.token)
      .post(url, { source: 'n8n', document: n8nSample(), dry_run: true });
    expect(res.statusCode).toBe(403);
  });
});
