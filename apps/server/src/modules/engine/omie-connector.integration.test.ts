import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { runAfterManualTrigger } from '../../test/flow-fixtures';
import { startOmieStandIn, type OmieStandIn } from '../../test/stand-ins/omie-api';
import { useTestApp, type Requester, type TestAccount } from '../../test/test-app';

// Omie is never reached: a stand-in of its documented contract (https://developer.omie.com.br/service-list,
// https://ajuda.omie.com.br/pt-BR/articles/8112984-limites-de-consumo-da-api-do-omie) answers
// on 127.0.0.4, opened to the network guard.
const keys = { appKey: '3822345678901', appSecret: 'segredo-do-app' };
let omie: OmieStandIn;
beforeAll(async () => {
  omie = await startOmieStandIn('127.0.0.4', { ...keys, clients: 205 });
});
afterAll(() => omie.close());

describe('the Omie connector, through an Omie ERP account', () => {
  const t = useTestApp('embedded', { httpAllowedNetworks: ['127.0.0.4/32'] });

  async function omieAccount(api: Requester, appSecret = keys.appSecret) {
    const res = await api.post('/api/v1/service-accounts', {
      name: `Omie ${Math.random().toString(36).slice(2, 8)}`,
      auth_type: 'omie_erp',
      omie_erp: { app_key: keys.appKey, app_secret: appSecret, api_url: omie.url },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json()._id as string;
  }

  /** Saves manual trigger → Omie with these params, runs it, and gives the node's run. */
  const run = (account: TestAccount, params: Record<string, unknown>) =>
    runAfterManualTrigger(t, account, { type: 'svc_omie', uid: 'omie', params });

  it("tests the account at its 'URL da API' and includes a client with the keys in the body", async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const id = await omieAccount(api);
    const tested = await api.post(`/api/v1/service-accounts/${id}/test`);
    expect(tested.json()).toMatchObject({
      status: 'ok',
      message: messages.serviceAccounts.omieTestOk('Padaria Pão Quente Ltda'),
    });
    const { execution, run: included } = await run(account, {
      service_account: id,
      operation: 'cliente_incluir',
      dados:
        '{"codigo_cliente_integracao": "C-900", "razao_social": "Mercado Boa Vista Ltda", "cnpj_cpf": "98.765.432/0001-10"}',
    });
    expect(execution.status).toBe('success');
    expect(omie.calls.at(-1)).toEqual({
      path: '/api/v1/geral/clientes/',
      appKey: keys.appKey,
      appSecret: keys.appSecret,
      call: 'IncluirCliente',
      param: {
        codigo_cliente_integracao: 'C-900',
        razao_social: 'Mercado Boa Vista Ltda',
        cnpj_cpf: '98.765.432/0001-10',
      },
    });
    expect(included.outputs[0]!.msg).toMatchObject({
      payload: { codigo_cliente_omie: 1205, descricao_status: 'Cliente cadastrado com sucesso!' },
    });
  });

  it("lists every client across three pages, after waiting out Omie's 429", async () => {
    const account = await t.createAccount();
    const id = await omieAccount(t.request(account.token));
    const before = omie.calls.length;
    omie.limitNextCall();
    const { execution, run: listed } = await run(account, {
      service_account: id,
      operation: 'cliente_listar',
      return_all: true,
    });
    expect(execution.status).toBe('success');
    expect(
      omie.calls.slice(before).map((call) => (call.param as { pagina: number }).pagina),
    ).toEqual([1, 1, 2, 3]);
    const payload = listed.outputs[0]!.msg!.payload as { codigo_cliente_omie: number }[];
    expect(payload.length).toBeGreaterThanOrEqual(205);
    expect(payload[0]).toMatchObject({ codigo_cliente_omie: 1000, razao_social: 'Cliente 0 Ltda' });
  });

  it("says Omie's fault in pt-BR", async () => {
    const account = await t.createAccount();
    const id = await omieAccount(t.request(account.token));
    const { execution, summary } = await run(account, {
      service_account: id,
      operation: 'cliente_consultar',
      codigo: 999,
    });
    expect(execution.status).toBe('error');
    expect(summary?.error?.message).toBe(
      'O Omie recusou a chamada: Cliente não cadastrado para o Código [999] !',
    );
  });
});
