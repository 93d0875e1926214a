import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customNodeType } from '@ponte/shared/custom-nodes.schema';
import { messages } from '@ponte/shared/messages';
import { defaultOAuthProviders } from './oauth2/oauth2.config';
import { chain, createFlow, finished, userLogsOf } from '../../test/flow-fixtures';
import { startHttpReceiver } from '../../test/http-receiver';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { connectorBody, createConnector } from '../custom-nodes/custom-node-fixtures';

/**
 * A credential goes only where its account is bound (docs/adr/0071). The service the accounts
 * belong to listens on 127.0.0.1; a server of the flow author's own listens on 127.0.0.2. The
 * guard lets both through, so only the account's binding keeps the secret at home.
 */
const secret = 'segredo-da-api-de-pedidos-7f3a';
const m = messages.serviceAccounts;
let api: Awaited<ReturnType<typeof startHttpReceiver>>;
let collector: Awaited<ReturnType<typeof startHttpReceiver>>;

beforeAll(async () => {
  api = await startHttpReceiver('127.0.0.1');
  collector = await startHttpReceiver('127.0.0.2');
  api.answerWith((request, response) => {
    if (request.url === '/token') {
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end(
        JSON.stringify({ access_token: secret, token_type: 'Bearer', expires_in: 3600 }),
      );
    }
    if (request.url === '/redirecionar') {
      return response.writeHead(302, { location: `${collector.url}/depois` }).end();
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
});
beforeEach(() => {
  collector.received.length = 0;
});
afterAll(async () => {
  await api?.close();
  await collector?.close();
});

/** Everything the author's server saw, to search for the secret. */
const seenByCollector = () => JSON.stringify(collector.received);

describe('service accounts bound to their hosts', () => {
  const t = useTestApp('embedded', {
    httpAllowedNetworks: ['127.0.0.1/32', '127.0.0.2/32'],
    // Bling at an address of this installation: its accounts may sign requests there.
    oauthProviders: { ...defaultOAuthProviders, blingUrl: 'http://127.0.0.2' },
  });

  async function createServiceAccount(owner: TestAccount, body: Record<string, unknown>) {
    const res = await t.request(owner.token).post('/api/v1/service-accounts', body);
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { _id: string })._id;
  }

  /** Manual trigger → one HTTP Request with the account; the ended execution. */
  async function request(owner: TestAccount, account: string, url: string) {
    const flowId = await createFlow(
      t,
      owner,
      chain(
        { type: 'core_manual_trigger' },
        { type: 'core_http_request', params: { url, service_account: account } },
      ),
    );
    const res = await t.request(owner.token).post(`/engine/flow/manual-trigger/${flowId}`, {});
    expect(res.statusCode, res.body).toBe(200);
    const [run] = await finished(t, flowId);
    return run!;
  }

  const collectorHost = () => new URL(collector.url).host;

  it('HTTP Request: refuses an absolute URL and a //host/path elsewhere, until the domain is listed', async () => {
    const owner = await t.createAccount();
    const body = {
      name: 'API de pedidos',
      auth_type: 'bearer_token',
      bearer_token: { token: secret, url: `${api.url}/v1` },
    };
    const id = await createServiceAccount(owner, body);
    const refusal = m.hostRefused('API de pedidos', ['127.0.0.1'], '127.0.0.2');
    for (const url of [`${collector.url}/coleta`, `//${collectorHost()}/coleta`]) {
      const run = await request(owner, id, url);
      expect(run.status, url).toBe('error');
      expect(JSON.stringify(run.error), url).toContain(JSON.stringify(refusal).slice(1, -1));
    }
    expect(collector.received).toEqual([]);

    expect((await request(owner, id, 'pedidos')).status).toBe('success');
    expect(api.received.at(-1)).toMatchObject({
      url: '/v1/pedidos',
      headers: { authorization: `Bearer ${secret}` },
    });

    // The account's owner lists the other host: now, and only now, it may go there.
    const put = await t.request(owner.token).put(`/api/v1/service-accounts/${id}`, {
      ...body,
      bearer_token: { url: `${api.url}/v1`, allowed_domains: 'specific', domains: '127.0.0.2' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await request(owner, id, `//${collectorHost()}/coleta`)).status).toBe('success');
    expect(collector.received.at(-1)?.headers.authorization).toBe(`Bearer ${secret}`);
  });

  it('HTTP Request: a redirect to another host arrives without the credential', async () => {
    const owner = await t.createAccount();
    const id = await createServiceAccount(owner, {
      name: 'API que redireciona',
      auth_type: 'http_basic',
      http_basic: { url: api.url, username: 'loja', password: secret },
    });
    const run = await request(owner, id, 'redirecionar');
    expect(run.status, JSON.stringify(run.error)).toBe('success');
    expect(collector.received.map((entry) => entry.url)).toEqual(['/depois']);
    expect(collector.received[0]?.headers.authorization).toBeUndefined();
    expect(seenByCollector()).not.toContain(Buffer.from(`loja:${secret}`).toString('base64'));
  });

  it('custom connector: serviceAccount(name) refuses other hosts with the account named', async () => {
    const owner = await t.createAccount();
    const http = t.request(owner.token);
    const id = await createServiceAccount(owner, {
      name: 'API interna',
      auth_type: 'bearer_token',
      bearer_token: { token: secret, url: api.url },
    });
    const connector = await createConnector(
      http,
      connectorBody('Pedidos', {
        params: [{ type: 'service_account', name: 'conta', label: 'Conta' }],
        code_execution_content: `async function handler(msg, params) {
          const conta = serviceAccount('conta');
          const recusas = [];
          for (const url of ['${collector.url}/coleta', '//${collectorHost()}/coleta']) {
            try { await conta.get(url); } catch (error) { recusas.push(error.message); }
          }
          const { data } = await conta.get('clientes');
          return { payload: { recusas, ok: data.ok } };
        }`,
      }),
    );
    const flowId = await createFlow(
      t,
      owner,
      chain(
        { type: 'core_manual_trigger' },
        { type: customNodeType(connector._id), params: { conta: id } },
        { type: 'core_log', params: { label: 'saida', message: '{{ msg.payload }}' } },
      ),
    );
    expect((await http.post(`/engine/flow/manual-trigger/${flowId}`, {})).statusCode).toBe(200);
    const [run] = await finished(t, flowId);
    expect(run!.status, JSON.stringify(run!.error)).toBe('success');
    const [log] = await userLogsOf(http, run!.id);
    const refusal = m.hostRefused('API interna', ['127.0.0.1'], '127.0.0.2');
    expect(JSON.parse(log!.message)).toEqual({ recusas: [refusal, refusal], ok: true });
    expect(collector.received).toEqual([]);
    expect(api.received.at(-1)?.headers.authorization).toBe(`Bearer ${secret}`);
  });

  it('OAuth2: bound to its token endpoint; no token is asked for a request that may not go', async () => {
    const owner = await t.createAccount();
    const id = await createServiceAccount(owner, {
      name: 'OAuth2 de pedidos',
      auth_type: 'oauth2',
      oauth2: {
        service_type: 'custom',
        token_url: `${api.url}/token`,
        client_id: 'cliente',
        client_secret: 'segredo-do-cliente',
        grant_type: 'client_credentials',
      },
    });
    const refused = await request(owner, id, `${collector.url}/coleta`);
    expect(JSON.stringify(refused.error)).toContain('OAuth2 de pedidos');
    expect(api.received.filter((entry) => entry.url === '/token')).toEqual([]);
    expect((await request(owner, id, `${api.url}/pedidos`)).status).toBe('success');
    expect(api.received.at(-1)?.headers.authorization).toBe(`Bearer ${secret}`);

    // Bling: the vendor's domains and the address this installation set for it, no other.
    const bling = await createServiceAccount(owner, {
      name: 'Bling da loja',
      auth_type: 'oauth2',
      oauth2: {
        service_type: 'bling_erp_oauth2',
        client_id: 'cliente-bling',
        client_secret: 'segredo-bling',
        grant_type: 'authorization_code',
        access_token: secret,
      },
    });
    const elsewhere = await request(owner, bling, `${api.url}/pedidos`);
    expect(JSON.stringify(elsewhere.error)).toContain('Bling da loja');
    expect((await request(owner, bling, `${collector.url}/Api/v3/produtos`)).status).toBe(
      'success',
    );
    expect(collector.received.at(-1)?.headers.authorization).toBe(`Bearer ${secret}`);
  });

  it('asks an account with no address to name its domains, and refuses a bad one', async () => {
    const owner = await t.createAccount();
    let created = 0;
    const create = (fields: Record<string, unknown>) =>
      t.request(owner.token).post('/api/v1/service-accounts', {
        name: `Sem endereço ${++created}`,
        auth_type: 'bearer_token',
        bearer_token: { token: secret, ...fields },
      });
    const missing = await create({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      message: m.domainsRequired,
      details: [{ field: 'bearer_token.domains', message: m.domainsRequired }],
    });
    expect((await create({ domains: 'api.exemplo.com.br, *' })).json().message).toBe(
      m.domainInvalid('*'),
    );
    expect((await create({ domains: 'api.exemplo.com.br' })).statusCode).toBe(201);
    expect((await create({ allowed_domains: 'all' })).statusCode).toBe(201);
  });
});
