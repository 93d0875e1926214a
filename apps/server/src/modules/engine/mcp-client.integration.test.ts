import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messages } from '@ponte/shared/messages';
import { runAfterManualTrigger } from '../../test/flow-fixtures';
import { useTestApp, type Requester, type TestAccount } from '../../test/test-app';
import {
  startModelChatApisStandIn,
  type ModelChatApisStandIn,
} from '../../test/stand-ins/model-chat-apis';

// No MCP server of the internet is reached: the official SDK's own server (McpServer over
// StreamableHTTPServerTransport, stateless, as the SDK's README shows) answers on 127.0.0.24,
// opened to the network guard, behind a bearer check (the MCP authorization spec's
// `Authorization: Bearer`, 401 without it) and an OAuth2 client_credentials token endpoint
// (RFC 6749 §4.4). Contract: https://modelcontextprotocol.io/specification/2025-06-18/basic/transports
const token = 'tok-mcp-certo';
const oauthToken = 'tok-oauth-emitido';
const m = messages.mcp;

interface McpStandIn {
  url: string;
  /** The arguments of each tools/call, in order. */
  calls: { name: string; arguments: unknown }[];
  close(): Promise<void>;
}

function toolServer(calls: McpStandIn['calls']): McpServer {
  const server = new McpServer({ name: 'loja', version: '1.0.0' });
  server.registerTool(
    'somar',
    {
      description: 'Soma dois números.',
      inputSchema: { a: z.number(), b: z.number() },
      outputSchema: { soma: z.number() },
    },
    ({ a, b }) => {
      calls.push({ name: 'somar', arguments: { a, b } });
      return {
        content: [{ type: 'text', text: String(a + b) }],
        structuredContent: { soma: a + b },
      };
    },
  );
  server.registerTool(
    'clima',
    { description: 'O clima de uma cidade.', inputSchema: { cidade: z.string() } },
    ({ cidade }) => ({
      content: [{ type: 'text', text: `Sol em ${cidade}` }],
    }),
  );
  server.registerTool(
    'reservar',
    { description: 'Reserva um item do estoque.', inputSchema: { sku: z.string() } },
    ({ sku }) => {
      calls.push({ name: 'reservar', arguments: { sku } });
      return {
        content: [{ type: 'text', text: `Estoque indisponível para o SKU ${sku}` }],
        isError: true,
      };
    },
  );
  return server;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function startMcpStandIn(host: string): Promise<McpStandIn> {
  const calls: McpStandIn['calls'] = [];
  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await bodyOf(request);
      if (request.url === '/token' && request.method === 'POST') {
        const form = new URLSearchParams(body);
        const granted =
          form.get('client_secret') === 'segredo' &&
          (form.get('grant_type') === 'client_credentials' ||
            (form.get('grant_type') === 'authorization_code' && form.get('code') === 'codigo-ok'));
        if (!granted) {
          response
            .writeHead(401, { 'content-type': 'application/json' })
            .end('{"error":"invalid_client"}');
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ access_token: oauthToken, token_type: 'Bearer', expires_in: 3600 }),
        );
        return;
      }
      const bearer = request.headers.authorization;
      if (bearer !== `Bearer ${token}` && bearer !== `Bearer ${oauthToken}`) {
        response.writeHead(401, {
          'www-authenticate': 'Bearer',
          'content-type': 'application/json',
        });
        response.end(
          JSON.stringify({
            jsonrpc: '2.0',
            error: { code: -32001, message: 'Unauthorized' },
            id: null,
          }),
        );
        return;
      }
      // Stateless: one server and transport per request (the SDK's stateless example).
      const mcp = toolServer(calls);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      response.on('close', () => void transport.close().then(() => mcp.close()));
      await mcp.connect(transport);
      await transport.handleRequest(request, response, body ? JSON.parse(body) : undefined);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let standIn: McpStandIn;
// The agent's model: a stand-in of OpenAI's Chat Completions with tool calls (model-chat-apis.ts).
let models: ModelChatApisStandIn;
beforeAll(async () => {
  standIn = await startMcpStandIn('127.0.0.24');
  models = await startModelChatApisStandIn('127.0.0.2', 'sk-agente');
});
afterAll(async () => {
  await standIn.close();
  await models.close();
});

describe('MCP servers: the account, its test and the "Chamar ferramenta MCP" step', () => {
  const t = useTestApp('embedded', { httpAllowedNetworks: ['127.0.0.24/32', '127.0.0.2/32'] });

  async function mcpAccount(api: Requester, data: Record<string, string>): Promise<string> {
    const res = await api.post('/api/v1/service-accounts', {
      name: `MCP ${Math.random().toString(36).slice(2, 8)}`,
      auth_type: 'mcp',
      mcp: { url: `${standIn.url}/mcp`, ...data },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.body).not.toContain(token);
    return res.json()._id as string;
  }

  const tested = async (api: Requester, id: string) =>
    (await api.post(`/api/v1/service-accounts/${id}/test`)).json() as {
      status: string;
      message: string;
    };

  it("'Testar conexão' initialises and lists the tools with the bearer token; a wrong token is refused in pt-BR", async () => {
    const api = t.request((await t.createAccount()).token);
    const id = await mcpAccount(api, { auth: 'bearer', token });
    expect(await tested(api, id)).toMatchObject({
      status: 'ok',
      message: 'Conectado: 3 ferramentas: somar, clima, reservar.',
    });
    const wrong = await mcpAccount(api, { auth: 'bearer', token: 'tok-errado' });
    const refused = await tested(api, wrong);
    expect(refused.status).toBe('failed');
    expect(refused.message).toMatch(
      /^O servidor MCP recusou a credencial da conta de serviço "MCP \w+" \(status 401\)\.$/,
    );
    const none = await mcpAccount(api, { auth: 'none' });
    expect((await tested(api, none)).message).toContain('(status 401)');
  });

  it('OAuth2 with the account\'s client and URLs: client_credentials, and the authorization code of "Autorizar conta"', async () => {
    const api = t.request((await t.createAccount()).token);
    const oauth = {
      auth: 'oauth2',
      authorize_url: `${standIn.url}/authorize`,
      token_url: `${standIn.url}/token`,
      client_id: 'ponte',
      client_secret: 'segredo',
    };
    const machine = await mcpAccount(api, { ...oauth, grant_type: 'client_credentials' });
    expect(await tested(api, machine)).toMatchObject({
      status: 'ok',
      message: expect.stringMatching(/^Conectado: 3 ferramentas/),
    });
    const person = await mcpAccount(api, { ...oauth, grant_type: 'authorization_code' });
    const asked = await api.get(`/api/v1/service-accounts/${person}/oauth2/authorize/`);
    expect(asked.statusCode, asked.body).toBe(200);
    const consent = new URL(asked.json().authorization_url as string);
    expect(`${consent.origin}${consent.pathname}`).toBe(`${standIn.url}/authorize`);
    expect(consent.searchParams.get('client_id')).toBe('ponte');
    // The identity provider's consent page is the person's step: its answer is a code.
    const finished = await api.put(`/api/v1/service-accounts/${person}/oauth2/token`, {
      service_account_id: person,
      code: 'codigo-ok',
      state: consent.searchParams.get('state'),
      grant_type: 'authorization_code',
    });
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json().secrets_set).toContain('access_token');
    expect(await tested(api, person)).toMatchObject({ status: 'ok' });
    const plain = await mcpAccount(api, { auth: 'bearer', token });
    const notOauth = await api.get(`/api/v1/service-accounts/${plain}/oauth2/authorize/`);
    expect(notOauth.statusCode).toBe(400);
  });

  it("the 'Ferramenta' picker lists the server's tools", async () => {
    const api = t.request((await t.createAccount()).token);
    const id = await mcpAccount(api, { auth: 'bearer', token });
    const res = await api.post('/engine/lookups', {
      type: 'svc_mcp_tool',
      lookup: 'tools',
      service_account: id,
      params: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toEqual([
      { value: 'somar', label: 'somar', description: 'Soma dois números.' },
      { value: 'clima', label: 'clima', description: 'O clima de uma cidade.' },
      { value: 'reservar', label: 'reservar', description: 'Reserva um item do estoque.' },
    ]);
  });

  const run = (account: TestAccount, params: Record<string, unknown>) =>
    runAfterManualTrigger(t, account, { type: 'svc_mcp_tool', uid: 'mcp', params });

  it('calls a tool with arguments from an expression and gets its structured result', async () => {
    const account = await t.createAccount();
    const id = await mcpAccount(t.request(account.token), { auth: 'bearer', token });
    const { execution, run: node } = await run(account, {
      service_account: id,
      tool: 'somar',
      arguments: '{"a": {{ 6 * 7 }}, "b": 8}',
    });
    expect(execution.status).toBe('success');
    expect(standIn.calls.at(-1)).toEqual({ name: 'somar', arguments: { a: 42, b: 8 } });
    expect(node.outputs[0]!.msg).toMatchObject({
      payload: { soma: 50 },
      mcp: { tool: 'somar', isError: false },
    });
  });

  it("a tool's error fails the node with the tool's text", async () => {
    const account = await t.createAccount();
    const id = await mcpAccount(t.request(account.token), { auth: 'bearer', token });
    const { execution, summary } = await run(account, {
      service_account: id,
      tool: 'reservar',
      arguments: '{"sku": "42"}',
    });
    expect(execution.status).toBe('error');
    expect(summary?.error?.message).toBe(
      m.toolFailed('reservar', 'Estoque indisponível para o SKU 42'),
    );
  });

  it('the network guard refuses a server on an address it does not allow', async () => {
    const api = t.request((await t.createAccount()).token);
    const res = await api.post('/api/v1/service-accounts', {
      name: 'MCP fora da rede liberada',
      auth_type: 'mcp',
      mcp: { url: 'http://127.0.0.25:9/mcp', auth: 'none' },
    });
    const refused = await tested(api, res.json()._id as string);
    expect(refused.status).toBe('failed');
    expect(refused.message).toMatch(
      /^Não foi possível falar com o servidor MCP: Endereço bloqueado pela proteção de rede: 127\.0\.0\.25 /,
    );
  });

  it("the 'Agente de IA' calls the MCP server's tools, over one session", async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const mcp = await mcpAccount(api, { auth: 'bearer', token });
    const model = await api.post('/api/v1/service-accounts', {
      name: 'Modelo do agente',
      auth_type: 'openai_compatible',
      openai_compatible: { api_url: `${models.url}/openai/v1`, api_key: 'sk-agente' },
    });
    expect(model.statusCode, model.body).toBe(201);
    models.script(
      'openai',
      { toolCalls: [{ name: 'somar', args: { a: 2, b: 3 } }] },
      { text: 'A soma é 5.' },
    );
    const before = models.calls.length;
    const { execution, run: node } = await runAfterManualTrigger(t, account, {
      type: 'svc_agent',
      uid: 'agente',
      params: {
        service_account: model.json()._id,
        model: 'gpt-4o-mini',
        message: 'Quanto é 2 + 3?',
        mcp_server: mcp,
      },
    });
    expect(execution.status).toBe('success');
    expect(standIn.calls.at(-1)).toEqual({ name: 'somar', arguments: { a: 2, b: 3 } });
    const [first, second] = models.calls.slice(before);
    const offered = (first!.body.tools as { function: { name: string } }[]).map(
      (tool) => tool.function.name,
    );
    expect(offered).toEqual(['somar', 'clima', 'reservar']);
    expect((second!.body.messages as { role: string; content: unknown }[]).at(-1)).toMatchObject({
      role: 'tool',
      content: '{"soma":5}',
    });
    expect(node.outputs[0]!.msg).toMatchObject({
      payload: 'A soma é 5.',
      agent: {
        transcript: [
          { type: 'model' },
          { type: 'tool', kind: 'mcp', name: 'somar', output: { soma: 5 } },
          { type: 'model' },
        ],
      },
    });
  });
});
