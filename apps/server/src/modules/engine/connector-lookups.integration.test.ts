import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineConnector } from '@ponte/engine/connectors/kit/define-connector';
import { startHttpReceiver } from '../../test/http-receiver';
import { useTestApp, type Requester } from '../../test/test-app';

// A connector of the kind the kit serves, declared here: its picker lists a store's categories
// from a receiver on 127.0.0.12 that pages them by `?pagina=` (two full pages, then an empty one).
let receiver: Awaited<ReturnType<typeof startHttpReceiver>>;
beforeAll(async () => {
  receiver = await startHttpReceiver('127.0.0.12');
  receiver.answerWith((request, response) => {
    const url = new URL(request.url, 'http://receiver');
    if (request.headers.authorization !== 'Bearer tok-da-loja') {
      response.writeHead(401, { 'content-type': 'application/json' });
      return response.end(JSON.stringify({ erro: 'token inválido' }));
    }
    if (url.searchParams.get('loja') === 'fechada') {
      response.writeHead(404, { 'content-type': 'application/json' });
      return response.end(JSON.stringify({ erro: 'loja não encontrada' }));
    }
    const page = Number(url.searchParams.get('pagina'));
    const data = page <= 2 ? [{ id: `${page}a`, nome: `Categoria ${page}` }] : [];
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ data }));
  });
});
afterAll(() => receiver.close());

const catalogue = defineConnector({
  service: 'catalogo',
  label: 'Catálogo',
  description: 'Um serviço de teste.',
  icon: 'plug',
  accountTypes: ['bearer_token'],
  baseUrl: (account) => String(account.data.url),
  params: {
    loja: { type: 'text', label: 'Loja', required: true },
    categoria: {
      type: 'text',
      label: 'Categoria',
      required: true,
      lookup: { name: 'categorias', dependsOn: ['loja'] },
    },
  },
  lookups: {
    categorias: {
      request: (p) => ({
        method: 'GET',
        path: 'categorias',
        query: { loja: String(p.loja ?? ''), pagina: 1 },
      }),
      options: (response) =>
        (response.body as { data: { id: string; nome: string }[] }).data.map((c) => ({
          value: c.id,
          label: c.nome,
        })),
      paging: {
        items: () => [],
        next: (request) => ({
          ...request,
          query: { ...request.query, pagina: Number(request.query?.pagina) + 1 },
        }),
      },
    },
  },
  operations: {
    ler: {
      resource: 'Categoria',
      action: 'Consultar',
      params: ['loja', 'categoria'],
      request: (p) => ({ method: 'GET', path: `categorias/${String(p.categoria)}` }),
    },
  },
  authorize(account, request) {
    request.headers.authorization = `Bearer ${String(account.data.token)}`;
  },
  errorMessage: (response) => {
    const erro = (response.body as { erro?: string })?.erro;
    return erro ? `O Catálogo recusou a consulta: ${erro}.` : undefined;
  },
});

describe('POST /engine/lookups: a connector picker through the account', () => {
  const t = useTestApp('embedded', {
    nodes: [catalogue],
    httpAllowedNetworks: ['127.0.0.12/32'],
  });

  async function account(api: Requester, token = 'tok-da-loja') {
    const res = await api.post('/api/v1/service-accounts', {
      name: `Loja ${Math.random().toString(36).slice(2, 8)}`,
      auth_type: 'bearer_token',
      bearer_token: { token, url: receiver.url },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json()._id as string;
  }

  const ask = (api: Requester, serviceAccount: string, params: Record<string, unknown>) =>
    api.post('/engine/lookups', {
      type: 'svc_catalogo',
      lookup: 'categorias',
      service_account: serviceAccount,
      params,
    });

  it("lists the options page after page with the account's credential and the params it depends on", async () => {
    const owner = await t.createAccount();
    const api = t.request(owner.token);
    const id = await account(api);
    receiver.received.length = 0;
    const res = await ask(api, id, { loja: 'centro' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      items: [
        { value: '1a', label: 'Categoria 1' },
        { value: '2a', label: 'Categoria 2' },
      ],
    });
    expect(receiver.received.map((r) => r.url)).toEqual([
      '/categorias?loja=centro&pagina=1',
      '/categorias?loja=centro&pagina=2',
      '/categorias?loja=centro&pagina=3',
    ]);
  });

  it("says the service's refusal in pt-BR and never reads another workspace's account", async () => {
    const owner = await t.createAccount();
    const api = t.request(owner.token);
    const id = await account(api);
    const refused = await ask(api, id, { loja: 'fechada' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'lookup_failed',
      message: 'O Catálogo recusou a consulta: loja não encontrada.',
    });
    const stranger = await t.createAccount();
    const before = receiver.received.length;
    const elsewhere = await ask(t.request(stranger.token), id, { loja: 'centro' });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe('A conta de serviço escolhida não existe mais.');
    expect(receiver.received.length).toBe(before);
    const unknown = await t
      .request(owner.token)
      .post('/engine/lookups', { type: 'core_set', lookup: 'x', service_account: id, params: {} });
    expect(unknown.json().message).toBe('O conector core_set não tem listas.');
  });
});
