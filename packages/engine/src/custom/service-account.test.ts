import { afterAll, describe, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { createIsolatedSandbox } from '../sandbox/isolated-sandbox';
import { createHarness } from '../testing/engine-harness';
import { jsonResponse } from '../testing/fake-ports';
import { customNodeDefinition, type StoredCustomNode } from './custom-node';
import { connectorFlow, storedConnector } from './testing';

const m = messages.customNodes;
const sandbox = createIsolatedSandbox({ limits: { timeoutMs: 5000, memoryMb: 64 } });
afterAll(() => sandbox.dispose());

const secret = 'segredo-que-nao-sai-do-servidor';

/** A connector with one service-account param, `conta`, whose handler runs `body`. */
function withAccountParam(body: string): StoredCustomNode {
  return storedConnector({
    params: [{ name: 'conta', label: 'Conta da API', type: 'service_account' }],
    code: `async function handler(msg, params) { ${body} }`,
  });
}

function harnessWithAccounts() {
  const harness = createHarness({ sandbox });
  harness.ports.accounts = {
    bearer: {
      _id: 'bearer',
      type: 'bearer_token',
      data: { token: secret, url: 'https://api.exemplo/v1' },
    },
    basic: {
      _id: 'basic',
      type: 'http_basic',
      data: { username: 'ana', password: secret, domains: 'api.exemplo' },
    },
    oauth: { _id: 'oauth', type: 'oauth2', data: { access_token: secret, domains: 'api.exemplo' } },
  };
  harness.ports.httpHandler = (request) =>
    jsonResponse(200, { url: request.url, cliente: 'Maria' });
  return harness;
}

async function run(connector: StoredCustomNode, account: string | undefined) {
  const harness = harnessWithAccounts();
  const result = await harness.run(
    connectorFlow(connector, account === undefined ? {} : { conta: account }),
    {},
    { nodes: [customNodeDefinition(connector)] },
  );
  return { result, harness };
}

describe('serviceAccount(name) in a connector', () => {
  it("sends with the chosen account's bearer and base URL, and the secret never reaches the handler", async () => {
    const connector = withAccountParam(`
      const api = serviceAccount('conta');
      const { data } = await api.get('clientes/1');
      const seen = [];
      for (const name of Object.getOwnPropertyNames(globalThis)) {
        try { seen.push(name, jsonStringify(globalThis[name])); } catch { seen.push(name); }
      }
      return { payload: { data, params, msg, api: jsonStringify(api.defaults), seen } };
    `);
    const { result, harness } = await run(connector, 'bearer');
    expect(result.status, result.error?.message).toBe('success');
    expect(harness.ports.httpCalls).toHaveLength(1);
    expect(harness.ports.httpCalls[0]).toMatchObject({
      method: 'GET',
      url: 'https://api.exemplo/v1/clientes/1',
      headers: { authorization: `Bearer ${secret}` },
    });
    const payload = (result.lastMessage as { payload: { data: unknown } }).payload;
    expect(payload.data).toEqual({ url: 'https://api.exemplo/v1/clientes/1', cliente: 'Maria' });
    expect(JSON.stringify(result.lastMessage)).not.toContain(secret);
  });

  it('sends basic auth, and renews a token account once after a 401', async () => {
    const connector = withAccountParam(`
      const { data } = await serviceAccount('conta').post('https://api.exemplo/b', { a: 1 });
      return data;
    `);
    const basic = await run(connector, 'basic');
    expect(basic.result.status, basic.result.error?.message).toBe('success');
    const pair = Buffer.from(`ana:${secret}`).toString('base64');
    expect(basic.harness.ports.httpCalls[0]?.headers).toMatchObject({
      authorization: `Basic ${pair}`,
    });

    const harness = harnessWithAccounts();
    let calls = 0;
    harness.ports.httpHandler = () => jsonResponse(++calls === 1 ? 401 : 200, { calls });
    const renewed = await harness.run(
      connectorFlow(connector, { conta: 'oauth' }),
      {},
      {
        nodes: [customNodeDefinition(connector)],
      },
    );
    expect(renewed.status, renewed.error?.message).toBe('success');
    expect(harness.ports.httpCalls.map((call) => call.headers.authorization)).toEqual([
      `Bearer ${secret}`,
      `Bearer ${secret}-renovado`,
    ]);
  });

  it('keeps plain axios and fetch without any account', async () => {
    const connector = withAccountParam(`
      await axios.get('https://api.exemplo/a');
      await fetch('https://api.exemplo/b');
      return 'ok';
    `);
    const { result, harness } = await run(connector, 'bearer');
    expect(result.status, result.error?.message).toBe('success');
    expect(harness.ports.httpCalls.map((call) => [call.url, call.headers.authorization])).toEqual([
      ['https://api.exemplo/a', undefined],
      ['https://api.exemplo/b', undefined],
    ]);
  });

  it('says which param is wrong: unknown name, empty param, an account that no longer exists', async () => {
    const unknown = withAccountParam(`await serviceAccount('outra').get('/x');`);
    const wrongName = await run(unknown, 'bearer');
    expect(wrongName.result.error?.message).toContain(m.accountParamUnknown('outra'));

    const connector = withAccountParam(`await serviceAccount('conta').get('/x');`);
    const empty = await run(connector, undefined);
    expect(empty.result.error?.message).toContain(m.accountParamEmpty('Conta da API'));
    const missing = await run(connector, 'apagada');
    expect(missing.result.error?.message).toContain(m.accountMissing);
    for (const { harness } of [wrongName, empty, missing]) {
      expect(harness.ports.httpCalls).toEqual([]);
    }
  });

  it("never sends the account's credential to a host the account is not bound to", async () => {
    const connector = withAccountParam(`
      const api = serviceAccount('conta');
      const tried = [];
      for (const url of ['https://coletor.outro.com/x', '//coletor.outro.com/x']) {
        try { await api.get(url); } catch (error) { tried.push(error.message); }
      }
      const { data } = await api.get('clientes/2');
      return { payload: { tried, data } };
    `);
    const harness = harnessWithAccounts();
    const result = await harness.run(
      connectorFlow(connector, { conta: 'bearer' }),
      {},
      { nodes: [customNodeDefinition(connector)] },
    );
    expect(result.status, result.error?.message).toBe('success');
    const refusal = messages.serviceAccounts.hostRefused(
      'bearer',
      ['api.exemplo'],
      'coletor.outro.com',
    );
    const payload = (result.lastMessage as { payload: { tried: string[] } }).payload;
    expect(payload.tried).toEqual([refusal, refusal]);
    expect(harness.ports.httpCalls.map((call) => call.url)).toEqual([
      'https://api.exemplo/v1/clientes/2',
    ]);
  });

  it('does not take a param that is not a service account as one', async () => {
    const connector = storedConnector({
      params: [{ name: 'cep', label: 'CEP', type: 'text' }],
      code: `async function handler() { await serviceAccount('cep').get('https://api.exemplo/x'); }`,
    });
    const harness = harnessWithAccounts();
    const result = await harness.run(
      connectorFlow(connector, { cep: 'bearer' }),
      {},
      {
        nodes: [customNodeDefinition(connector)],
      },
    );
    expect(result.error?.message).toContain(m.accountParamUnknown('cep'));
    expect(harness.ports.httpCalls).toEqual([]);
  });
});

describe('serviceAccount(name) in the code node', () => {
  it('is refused: the code node has no service-account params', async () => {
    const harness = harnessWithAccounts();
    const flow = connectorFlow(storedConnector());
    flow.nodes[1] = {
      ...flow.nodes[1]!,
      type: 'core_code',
      typeVersion: 1,
      params: { code: "return await serviceAccount('conta').get('https://api.exemplo/x');" },
    };
    const result = await harness.run(flow);
    expect(result.error?.message).toContain(m.accountParamUnknown('conta'));
    expect(harness.ports.httpCalls).toEqual([]);
  });
});
