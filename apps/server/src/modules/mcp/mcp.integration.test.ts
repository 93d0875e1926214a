import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { chain, executionsOf, type Step } from '../../test/flow-fixtures';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { until } from '../../test/until';

/**
 * The MCP endpoint driven by the SDK's own client over Streamable HTTP (the MCP specification,
 * 2025-06-18, "Transports" and "Tools"), against the app listening on loopback.
 */
describe('Ponte as an MCP server', () => {
  const t = useTestApp('embedded');
  let base = '';

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  const inputs = [
    { name: 'cep', type: 'string', description: 'O CEP, só números', required: true },
    { name: 'quantidade', type: 'number', description: '', required: false },
  ];
  const calledFlow = (...steps: Step[]) =>
    chain({ type: 'core_flow_trigger', params: { inputs } }, ...steps);

  async function flow(owner: TestAccount, name: string, data: object, tool: boolean) {
    const config = { rate_limit: 0, mcp_tool: { enabled: tool, description: `Faz ${name}` } };
    const res = await t
      .request(owner.token)
      .post('/api/v1/flows', { name, enabled: true, data, config });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { _id: string })._id;
  }

  async function newToken(owner: TestAccount, name = 'Claude', scopes?: string[]) {
    const res = await t
      .request(owner.token)
      .post('/api/v1/api-tokens', { name, ...(scopes ? { scopes } : {}) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { _id: string; token: string };
  }

  async function connect(workspaceId: string, token: string) {
    const client = new Client({ name: 'teste', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(
      new URL(`${base}/engine/mcp/${workspaceId}`),
      {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      },
    );
    await client.connect(transport);
    return client;
  }

  it('lists the marked flows with their declared inputs, runs one and answers its payload', async () => {
    const owner = await t.createAccount();
    const cepId = await flow(
      owner,
      'Consultar CEP',
      calledFlow({
        type: 'core_set',
        params: { values: [{ path: 'payload.dobro', value: '{{ msg.payload.quantidade * 2 }}' }] },
      }),
      true,
    );
    await flow(owner, 'Não é ferramenta', calledFlow(), false);
    const refused = await t.request(owner.token).post('/api/v1/flows', {
      name: 'Por webhook',
      data: chain({ type: 'core_manual_trigger' }),
      config: { rate_limit: 0, mcp_tool: { enabled: true, description: '' } },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(messages.mcpServer.toolNeedsFlowTrigger);
    const stored = await t.request(owner.token).get(`/api/v1/flows/${cepId}`);
    expect(stored.json().config.mcp_tool).toEqual({
      enabled: true,
      description: 'Faz Consultar CEP',
    });

    const client = await connect(owner.workspaceId, (await newToken(owner)).token);
    const { tools } = await client.listTools();
    expect(tools).toEqual([
      {
        name: 'consultar_cep',
        description: 'Faz Consultar CEP',
        inputSchema: {
          type: 'object',
          properties: {
            cep: { type: 'string', description: 'O CEP, só números' },
            quantidade: { type: 'number' },
          },
          required: ['cep'],
          additionalProperties: false,
        },
      },
    ]);

    const result = await client.callTool({
      name: 'consultar_cep',
      arguments: { cep: '01001000', quantidade: 21 },
    });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ cep: '01001000', quantidade: 21, dobro: 42 });
    expect(JSON.parse((result.content as { text: string }[])[0]!.text)).toEqual(
      result.structuredContent,
    );
    // An execution like any other: it is in the flow's history.
    const [execution] = await executionsOf(t, cepId);
    expect(execution?.status).toBe('success');

    const missing = await client.callTool({ name: 'consultar_cep', arguments: {} });
    expect(missing.isError).toBe(true);
    expect(missing.content).toEqual([{ type: 'text', text: 'O argumento "cep" é obrigatório.' }]);
    await client.close();
  });

  it('gives a failing flow as a tool error with the execution’s message', async () => {
    const owner = await t.createAccount();
    await flow(
      owner,
      'Emitir nota',
      calledFlow({ type: 'core_stop', params: { status: 'error', message: 'CNPJ inválido.' } }),
      true,
    );
    const client = await connect(owner.workspaceId, (await newToken(owner)).token);
    const result = await client.callTool({ name: 'emitir_nota', arguments: { cep: '1' } });
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([
      { type: 'text', text: messages.mcpServer.toolFailed('CNPJ inválido.') },
    ]);
    await client.close();
  });

  it('refuses no token, a token of another workspace or without executar flows, and a revoked one, with 401', async () => {
    const owner = await t.createAccount();
    const stranger = await t.createAccount();
    const theirs = await newToken(stranger);
    const readOnly = await newToken(owner, 'Só leitura', ['flows.read']);
    const mine = await newToken(owner, 'Cursor');

    const listed = await t.request(owner.token).get('/api/v1/api-tokens');
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(mine.token);
    expect(listed.json().items).toMatchObject([
      { _id: mine._id, name: 'Cursor', last_used_at: null, scopes: ['flows.read', 'flows.run'] },
      { _id: readOnly._id, scopes: ['flows.read'] },
    ]);

    const post = (token: string | null) =>
      fetch(`${base}/engine/mcp/${owner.workspaceId}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
      });
    for (const token of [null, theirs.token, `${mine.token}x`, readOnly.token]) {
      const res = await post(token);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer /);
      expect(((await res.json()) as { message: string }).message).toBe(
        messages.mcpServer.tokenRefused,
      );
    }
    expect((await post(mine.token)).status).toBe(200);
    await expect(connect(owner.workspaceId, theirs.token)).rejects.toThrow();
    const stream = await fetch(`${base}/engine/mcp/${owner.workspaceId}`, {
      headers: { authorization: `Bearer ${mine.token}` },
    });
    expect(stream.status).toBe(405);

    expect(
      (await t.request(stranger.token).delete(`/api/v1/api-tokens/${mine._id}`)).statusCode,
    ).toBe(404);
    expect((await t.request(owner.token).delete(`/api/v1/api-tokens/${mine._id}`)).statusCode).toBe(
      204,
    );
    expect((await post(mine.token)).status).toBe(401);
    expect((await t.request(owner.token).get('/api/v1/api-tokens')).json().items).toMatchObject([
      { _id: readOnly._id },
    ]);
    // The workspace's owner reads both in the security log.
    const kinds = await until(async () => {
      const log = await t.request(owner.token).get('/account/v1/security-log');
      const items = (log.json() as { items: { kind: string; detail: string }[] }).items;
      return items.length >= 3 && items.map((item) => `${item.kind}: ${item.detail}`);
    }, 'os eventos do token');
    expect(kinds).toEqual([
      'api_token_revoked: Token de API "Cursor" revogado.',
      'api_token_created: Token de API "Cursor" criado.',
      'api_token_created: Token de API "Só leitura" criado.',
    ]);
  });
});
