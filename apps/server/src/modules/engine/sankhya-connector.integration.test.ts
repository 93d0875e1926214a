import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { runAfterManualTrigger } from '../../test/flow-fixtures';
import { startSankhyaStandIn, type SankhyaStandIn } from '../../test/stand-ins/sankhya-gateway';
import { useTestApp, type Requester, type TestAccount } from '../../test/test-app';

// Sankhya is never reached: a stand-in of its gateway's documented contract
// (https://developer.sankhya.com.br/reference/post_login-1,
// https://developer.sankhya.com.br/reference/get_loadrecords) answers on 127.0.0.5, opened to
// the network guard.
const credentials = {
  token: 'c0ffee00-token-do-gateway',
  appkey: 'app-key-parceiro',
  username: 'integracao@padaria.com.br',
  password: 'senha-forte',
};
let sankhya: SankhyaStandIn;
beforeAll(async () => {
  sankhya = await startSankhyaStandIn('127.0.0.5', credentials);
});
afterAll(() => sankhya.close());

describe('the Sankhya connector, through a partner account', () => {
  const t = useTestApp('embedded', { httpAllowedNetworks: ['127.0.0.5/32'] });

  async function partnerAccount(api: Requester, password = credentials.password) {
    const res = await api.post('/api/v1/service-accounts', {
      name: `Sankhya ${Math.random().toString(36).slice(2, 8)}`,
      auth_type: 'sankhya_partner_id',
      sankhya_partner_id: { ...credentials, password, api_url: sankhya.url },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json()._id as string;
  }

  /** Saves manual trigger → Sankhya with these params, runs it, and gives the node's run. */
  const run = (account: TestAccount, params: Record<string, unknown>) =>
    runAfterManualTrigger(t, account, { type: 'svc_sankhya', uid: 'erp', params });

  it('logs in once and loads every partner across three pages with the bearer', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const id = await partnerAccount(api);
    const tested = await api.post(`/api/v1/service-accounts/${id}/test`);
    expect(tested.json()).toMatchObject({
      status: 'ok',
      message: messages.serviceAccounts.sankhyaTestOk,
    });
    const logins = sankhya.logins.length;
    const calls = sankhya.calls.length;
    const { execution, run: loaded } = await run(account, {
      service_account: id,
      operation: 'buscar',
      entidade: 'Parceiro',
      campos: 'CODPARC,NOMEPARC',
      return_all: true,
    });
    expect(execution.status).toBe('success');
    expect(sankhya.logins.slice(logins)).toEqual([credentials]);
    const made = sankhya.calls.slice(calls);
    expect(made.map((call) => call.service)).toEqual(
      Array(3).fill('CRUDServiceProvider.loadRecords'),
    );
    expect(made.map((call) => call.body.requestBody?.dataSet?.offsetPage)).toEqual(['0', '1', '2']);
    expect(new Set(made.map((call) => call.bearer)).size).toBe(1);
    const payload = loaded.outputs[0]!.msg!.payload as unknown[];
    expect(payload).toHaveLength(7);
    expect(payload[0]).toEqual({ CODPARC: '1', NOMEPARC: 'PARCEIRO 1' });
  });

  it('logs in again when the session ended, waits out a 429, and saves a partner', async () => {
    const account = await t.createAccount();
    const id = await partnerAccount(t.request(account.token));
    // A first run opens the session; then Sankhya ends it and limits the next call.
    await run(account, { service_account: id, operation: 'consultar', sql: 'SELECT 1 FROM DUAL' });
    sankhya.expireSessions();
    const logins = sankhya.logins.length;
    const { execution, run: saved } = await run(account, {
      service_account: id,
      operation: 'salvar',
      entidade: 'Parceiro',
      campos: 'CODPARC,NOMEPARC',
      valores: '{"NOMEPARC": "PADARIA PAO QUENTE"}',
      chave: '{"CODPARC": 2}',
    });
    expect(execution.status).toBe('success');
    expect(sankhya.logins.length - logins).toBe(1);
    expect(sankhya.calls.at(-1)!.body).toEqual({
      serviceName: 'CRUDServiceProvider.saveRecord',
      requestBody: {
        dataSet: {
          rootEntity: 'Parceiro',
          includePresentationFields: 'N',
          dataRow: {
            localFields: { NOMEPARC: { $: 'PADARIA PAO QUENTE' } },
            key: { CODPARC: { $: '2' } },
          },
          entity: { fieldset: { list: 'CODPARC,NOMEPARC' } },
        },
      },
    });
    expect(saved.outputs[0]!.msg!.payload).toEqual({
      CODPARC: '2',
      NOMEPARC: 'PADARIA PAO QUENTE',
    });
    sankhya.limitNextCall();
    const before = sankhya.calls.length;
    const { execution: queried, run: rows } = await run(account, {
      service_account: id,
      operation: 'consultar',
      sql: 'SELECT CODPARC, NOMEPARC\nFROM TGFPAR',
    });
    expect(queried.status).toBe('success');
    expect(sankhya.calls.length - before).toBe(2);
    expect((rows.outputs[0]!.msg!.payload as unknown[])[1]).toEqual({
      CODPARC: 2,
      NOMEPARC: 'PADARIA PAO QUENTE',
    });
  });

  it("says Sankhya's refusals in pt-BR: an error with HTTP 200, a refused login", async () => {
    const account = await t.createAccount();
    const id = await partnerAccount(t.request(account.token));
    const { execution, summary } = await run(account, {
      service_account: id,
      operation: 'buscar',
      entidade: 'Parceiros',
      campos: 'CODPARC',
    });
    expect(execution.status).toBe('error');
    expect(summary?.error?.message).toBe(
      'A Sankhya recusou a chamada: Nome de entidade inválido: Parceiros',
    );
    const wrong = await partnerAccount(t.request(account.token), 'senha-errada');
    const refused = await run(account, {
      service_account: wrong,
      operation: 'consultar',
      sql: 'SELECT 1 FROM DUAL',
    });
    expect(refused.execution.status).toBe('error');
    expect(refused.summary?.error?.message).toBe(
      messages.serviceAccounts.sankhyaRefused('Usuário ou senha inválidos.'),
    );
  });
});
