import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAfterManualTrigger } from '../../test/flow-fixtures';
import { startBlingStandIn, type BlingStandIn } from '../../test/stand-ins/bling-api-v3';
import { useTestApp, type Requester, type TestAccount } from '../../test/test-app';

// Bling is never reached: a stand-in of its documented API v3 contract
// (https://developer.bling.com.br/referencia) answers on 127.0.0.7, opened to the network guard.
// The account is Bling's OAuth2 type with a token already stored (as after the authorisation).
const token = 'token-de-acesso-bling-123';
let bling: BlingStandIn;
beforeAll(async () => {
  bling = await startBlingStandIn('127.0.0.7', token);
});
afterAll(() => bling.close());

describe('the Bling connector, through a Bling OAuth2 account', () => {
  const t = useTestApp('embedded', { httpAllowedNetworks: ['127.0.0.7/32'] });

  async function blingAccount(api: Requester, serviceType = 'bling_erp_oauth2') {
    const res = await api.post('/api/v1/service-accounts', {
      name: `Bling ${Math.random().toString(36).slice(2, 8)}`,
      auth_type: 'oauth2',
      oauth2: {
        service_type: serviceType,
        client_id: 'cliente-bling',
        client_secret: 'segredo-bling',
        grant_type: 'authorization_code',
        access_token: token,
        api_url: bling.url,
        ...(serviceType === 'custom' ? { allowed_domains: 'all' } : {}),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json()._id as string;
  }

  /** Saves manual trigger → Bling with these params, runs it, and gives the node's run. */
  const run = (account: TestAccount, params: Record<string, unknown>) =>
    runAfterManualTrigger(t, account, { type: 'svc_bling', uid: 'erp', params });

  it('creates a contact with an alphanumeric CNPJ, signed with the account token', async () => {
    const account = await t.createAccount();
    const id = await blingAccount(t.request(account.token));
    const { execution, run: created } = await run(account, {
      service_account: id,
      operation: 'contato_criar',
      nome: 'Padaria Pão Quente Ltda',
      documento: '12.ABC.345/01DE-35',
      email: 'compras@paoquente.com.br',
      campos_adicionais: '{"fantasia": "Pão Quente"}',
    });
    expect(execution.status).toBe('success');
    expect(bling.calls.at(-1)).toEqual({
      method: 'POST',
      url: '/Api/v3/contatos',
      authorization: `Bearer ${token}`,
      body: {
        situacao: 'A',
        fantasia: 'Pão Quente',
        nome: 'Padaria Pão Quente Ltda',
        tipo: 'J',
        numeroDocumento: '12ABC34501DE35',
        email: 'compras@paoquente.com.br',
      },
    });
    expect(created!.outputs[0]!.msg).toMatchObject({ payload: { id: expect.any(Number) } });
  });

  it('lists all sales orders across three pages, waiting out a 429', async () => {
    const account = await t.createAccount();
    const id = await blingAccount(t.request(account.token));
    const orders = bling.records.get('pedidos/vendas')!;
    orders.clear();
    for (let n = 1; n <= 250; n++) orders.set(n, { id: n, numero: n, total: 10 });
    const before = bling.calls.length;
    bling.limitNext(1);
    const { execution, run: listed } = await run(account, {
      service_account: id,
      operation: 'pedido_listar',
      return_all: true,
    });
    expect(execution.status).toBe('success');
    expect(bling.calls.slice(before).map((call) => call.url)).toEqual([
      '/Api/v3/pedidos/vendas?pagina=1&limite=100',
      '/Api/v3/pedidos/vendas?pagina=1&limite=100',
      '/Api/v3/pedidos/vendas?pagina=2&limite=100',
      '/Api/v3/pedidos/vendas?pagina=3&limite=100',
    ]);
    const payload = listed!.outputs[0]!.msg?.payload as { id: number }[];
    expect(payload).toHaveLength(250);
    expect(payload.at(-1)).toEqual({ id: 250, numero: 250, total: 10 });
  });

  it("says Bling's refusal of an order in pt-BR, naming the fields", async () => {
    const account = await t.createAccount();
    const id = await blingAccount(t.request(account.token));
    const { execution, summary } = await run(account, {
      service_account: id,
      operation: 'pedido_criar',
      contato_id: '999999',
      data: '06/06/2026',
      itens: [{ codigo: 'CAM-001', quantidade: '2', valor: '1.234,56' }],
    });
    expect(execution.status).toBe('error');
    expect(bling.calls.at(-1)?.body).toEqual({
      contato: { id: 999999 },
      data: '2026-06-06',
      itens: [{ codigo: 'CAM-001', quantidade: 2, valor: 1234.56 }],
    });
    expect(summary?.error?.message).toBe(
      'O Bling recusou a chamada: Não foi possível salvar o registro, pois existem erros de validação — o campo "ID do contato" (contato): O contato não foi encontrado.',
    );
  });

  it('refuses an OAuth2 account of another service before any call', async () => {
    const account = await t.createAccount();
    const id = await blingAccount(t.request(account.token), 'custom');
    const before = bling.calls.length;
    const { execution, summary } = await run(account, {
      service_account: id,
      operation: 'produto_consultar',
      id: '1',
    });
    expect(execution.status).toBe('error');
    expect(summary?.error?.message).toMatch(
      /é OAuth2 de outro serviço: o conector Bling usa uma conta OAuth2 com o serviço "Bling ERP"\.$/,
    );
    expect(bling.calls.length).toBe(before);
  });
});
