import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customNodeSchema, customNodeType } from '@ponte/shared/custom-nodes.schema';
import { openApiSummarySchema } from '@ponte/shared/custom-nodes-openapi.schema';
import { messages } from '@ponte/shared/messages';
import { runAfterManualTrigger } from '../../../test/flow-fixtures';
import { useTestApp, type Requester, type TestAccount } from '../../../test/test-app';
import { fixtureText, startPrism, type StandIn } from './prism-stand-in';

const m = messages.customNodesOpenApi;

/**
 * Connectors built from real vendors' OpenAPI documents (fixtures/README.md), each called in a
 * flow against Prism serving the same document on 127.0.0.2: Prism refuses (401, 422) any
 * request the document does not allow, so a success means the generated request was valid.
 */

interface Step {
  operation: string;
  params: Record<string, unknown>;
  /** What the flow's message must hold after the connector. */
  expected: Record<string, unknown>;
}

interface Case {
  vendor: string;
  fixture: string;
  spec: string;
  /** The service account of the connector's `conta`, made with the stand-in's URL. */
  account?: (url: string) => Record<string, unknown>;
  /** A workspace variable holding an apiKey, and the connector param naming it. */
  variable?: { key: string; value: string; param: string };
  steps: Step[];
}

const bearer = (url: string) => ({
  name: 'Conta da API',
  auth_type: 'bearer_token',
  bearer_token: { token: 'chave-de-teste', url },
});

const cases: Case[] = [
  {
    vendor: 'Twilio Lookups v2',
    fixture: 'twilio_lookups_v2.json.gz',
    spec: 'OpenAPI 3.0.1',
    account: (url) => ({
      name: 'Twilio',
      auth_type: 'http_basic',
      http_basic: { url, username: 'AC123', password: 'segredo' },
    }),
    steps: [
      {
        // GET with a path param (a '+' that must be encoded) and a query param.
        operation: 'FetchPhoneNumber',
        params: { PhoneNumber: '+5511987654321', Fields: 'line_type_intelligence' },
        expected: { http: { status: 200 }, payload: { valid: true } },
      },
    ],
  },
  {
    vendor: 'Resend',
    fixture: 'resend.yaml.gz',
    spec: 'OpenAPI 3.1.2',
    account: bearer,
    steps: [
      {
        // POST with a JSON body whose `to` is a list given as JSON text.
        operation: 'emails/send',
        params: {
          from: 'Loja <loja@exemplo.com.br>',
          to: '["cliente@exemplo.com.br"]',
          subject: 'Pedido recebido',
          html: '<p>Obrigado!</p>',
        },
        expected: { http: { status: 200 }, payload: { id: expect.any(String) } },
      },
      {
        // An enum as a select, a boolean.
        operation: 'domains/create',
        params: { name: 'exemplo.com.br', region: 'sa-east-1', open_tracking: true },
        expected: { http: { status: 201 } },
      },
      {
        operation: 'emails/list',
        params: { limit: 10 },
        expected: { http: { status: 200 }, payload: { object: 'list' } },
      },
    ],
  },
  {
    vendor: 'Discord',
    fixture: 'discord.excerpt.json.gz',
    spec: 'OpenAPI 3.1.0',
    variable: { key: 'DISCORD_BOT', value: 'Bot token-de-teste', param: 'chave_BotToken' },
    steps: [
      {
        operation: 'get_channel',
        params: { channel_id: '81384788765712384' },
        expected: { http: { status: 200 }, payload: { id: expect.any(String) } },
      },
      {
        operation: 'create_message',
        params: { channel_id: '81384788765712384', content: 'Olá do Ponte', tts: false },
        expected: { http: { status: 200 }, payload: { id: expect.any(String) } },
      },
    ],
  },
  {
    vendor: 'Slack Web API',
    fixture: 'slack_web_openapi_v2.json.gz',
    spec: 'Swagger 2.0',
    account: bearer,
    steps: [
      {
        // Swagger 2.0 formData: a urlencoded form.
        operation: 'chat_postMessage',
        params: { token: 'xoxb-teste', channel: 'C024BE91L', text: 'Pedido 123 pago' },
        expected: { http: { status: 200 }, payload: { ok: true } },
      },
      {
        operation: 'conversations_list',
        params: { token_2: 'xoxb-teste', limit: 20, exclude_archived: true },
        expected: { http: { status: 200 }, payload: { ok: true } },
      },
    ],
  },
  {
    vendor: 'Twilio SendGrid Alerts',
    fixture: 'sendgrid_alerts_v3.json.gz',
    spec: 'OpenAPI 3.1.0',
    account: bearer,
    steps: [
      {
        operation: 'CreateAlert',
        params: { type: 'usage_limit', email_to: 'financeiro@exemplo.com.br', percentage: 90 },
        expected: { http: { status: 201 }, payload: { id: expect.any(Number) } },
      },
      {
        operation: 'GetAlert',
        params: { alert_id: 48 },
        expected: { http: { status: 200 }, payload: { id: expect.any(Number) } },
      },
    ],
  },
];

async function createFromDocument(api: Requester, document: string, operations: string[]) {
  const res = await api.post('/api/v1/custom-nodes/openapi', { document, operations });
  expect(res.statusCode, res.body).toBe(201);
  return customNodeSchema.parse(res.json());
}

async function conta(api: Requester, body: Record<string, unknown>) {
  const res = await api.post('/api/v1/service-accounts', body);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { _id: string })._id;
}

describe.each(cases)('a connector from the $vendor document ($spec)', (c) => {
  const t = useTestApp('embedded', { httpAllowedNetworks: ['127.0.0.2/32'] });
  let standIn: StandIn;
  let document: string;
  beforeAll(async () => {
    document = await fixtureText(c.fixture);
    standIn = await startPrism(c.fixture);
  }, 120_000);
  afterAll(() => standIn?.stop());

  async function run(account: TestAccount, node: string, params: Record<string, unknown>) {
    return runAfterManualTrigger(t, account, { type: customNodeType(node), params });
  }

  it('lists the operations, then runs each picked one in a flow with a request the document allows', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const read = await api.post('/api/v1/custom-nodes/openapi/read', { document });
    expect(read.statusCode, read.body).toBe(200);
    const summary = openApiSummarySchema.parse(read.json());
    expect(summary.spec).toBe(c.spec);
    for (const step of c.steps)
      expect(summary.operations.map((op) => op.id)).toContain(step.operation);

    const connector = await createFromDocument(
      api,
      document,
      c.steps.map((s) => s.operation),
    );
    expect(connector.version).toBe(1);
    const shared: Record<string, unknown> = { url_base: standIn.url };
    if (c.account) shared.conta = await conta(api, c.account(standIn.url));
    if (c.variable) {
      const { key, value, param } = c.variable;
      const res = await api.post('/api/v1/variables', { name: key, key, value });
      expect(res.statusCode, res.body).toBe(201);
      shared[param] = key;
    }
    for (const step of c.steps) {
      const { execution, run: nodeRun } = await run(account, connector._id, {
        operacao: step.operation,
        ...shared,
        ...step.params,
      });
      expect(execution.status, `${step.operation}: ${JSON.stringify(execution.error)}`).toBe(
        'success',
      );
      expect(nodeRun.outputs[0]?.msg).toMatchObject(step.expected);
    }
  }, 90_000);
});

describe('requests the document does not allow', () => {
  const t = useTestApp('embedded', { httpAllowedNetworks: ['127.0.0.2/32'] });
  let standIn: StandIn;
  beforeAll(async () => {
    standIn = await startPrism('resend.yaml.gz');
  }, 120_000);
  afterAll(() => standIn?.stop());

  it("fails with the status and the API's message: a field of the wrong type, a missing account", async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const document = await fixtureText('resend.yaml.gz');
    const connector = await createFromDocument(api, document, ['emails/send']);
    const accountId = await conta(api, bearer(standIn.url));
    const missing = await runAfterManualTrigger(t, account, {
      type: customNodeType(connector._id),
      // The panel takes an expression's number; the document wants a text.
      params: {
        url_base: standIn.url,
        conta: accountId,
        from: 'loja@exemplo.com.br',
        to: 'cliente@exemplo.com.br',
        subject: '{{ 5 * 5 }}',
      },
    });
    expect(missing.execution.status).toBe('error');
    // The API's own message (Prism's `detail`) follows the status.
    expect(missing.run.error?.message).toContain(
      'A API respondeu 422 em "Send an email": Your request is not valid',
    );
    const unsigned = await runAfterManualTrigger(t, account, {
      type: customNodeType(connector._id),
      params: {
        url_base: standIn.url,
        from: 'loja@exemplo.com.br',
        to: 'cliente@exemplo.com.br',
        subject: 'Oi',
      },
    });
    expect(unsigned.run.error?.message).toContain('A API respondeu 401 em "Send an email"');
  });
});

describe('reading a document by its URL, through the network guard', () => {
  const t = useTestApp('embedded', { httpAllowedNetworks: ['127.0.0.2/32'] });
  let server: Server;
  let base: string;
  beforeAll(async () => {
    const text = await fixtureText('twilio_lookups_v2.json.gz');
    server = createServer((request, response) => {
      if (request.url !== '/openapi.json') return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'application/json' }).end(text);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
    base = `http://127.0.0.2:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server?.close(resolve)));

  it('reads and creates from an address the guard allows, and refuses one it blocks', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const read = await api.post('/api/v1/custom-nodes/openapi/read', {
      url: `${base}/openapi.json`,
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ title: 'Twilio - Lookups', spec: 'OpenAPI 3.0.1' });
    const created = await api.post('/api/v1/custom-nodes/openapi', {
      url: `${base}/openapi.json`,
      operations: ['FetchPhoneNumber'],
      name: 'Consulta de telefone',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Consulta de telefone', version: 1 });

    const missing = await api.post('/api/v1/custom-nodes/openapi/read', { url: `${base}/nada` });
    expect(missing.json()).toMatchObject({ statusCode: 400, message: m.fetchStatus(404) });
    const blocked = await api.post('/api/v1/custom-nodes/openapi/read', {
      url: 'http://127.0.0.3:9/openapi.json',
    });
    expect(blocked.statusCode).toBe(400);
    const { message } = blocked.json() as { message: string };
    expect(message).toMatch(/^Não foi possível baixar o documento: /);
    expect(message).toContain('PONTE_HTTP_ALLOWED_NETWORKS');
    expect(message).not.toMatch(/\/(work|root|home|tmp)\//);
  });
});
