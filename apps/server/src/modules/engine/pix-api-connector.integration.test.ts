import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NodeData } from '@ponte/shared/execution-data.schema';
import { chain, createFlow, finished, runAfterManualTrigger } from '../../test/flow-fixtures';
import { startPixApiStandIn, type PixApiStandIn } from '../../test/stand-ins/pix-api';
import { makeTestCertificates } from '../../test/test-certificates';
import { useTestApp, type Requester, type TestAccount } from '../../test/test-app';

// No PSP is reached: a stand-in of the Banco Central's Pix API (https://github.com/bacen/pix-api,
// openapi.yaml v2.9.0) answers over HTTPS with mutual TLS on 127.0.0.2, opened to the network
// guard; its certificates are made now by the test authority. The PSP's webhook calls
// (callback `listaPix`, `POST <webhookUrl>/pix`) are posted to the app itself.
const certificates = makeTestCertificates();
if (!certificates)
  console.warn('API Pix: sem o comando openssl para gerar os certificados; testes pulados.');
const client = { clientId: 'ponte-loja', clientSecret: 'segredo-do-cliente' };
const txid = 'pedido000000000000000000000001';
const chave = '7d9f0335-8dcc-4054-9bf9-0dbd61d36906';
const publicUrl = 'https://ponte.exemplo.com.br';
let psp: PixApiStandIn;

describe.runIf(certificates)('the Pix node and trigger, through a Pix (API do BC) account', () => {
  const tls = certificates!;
  beforeAll(async () => {
    psp = await startPixApiStandIn('127.0.0.2', { server: tls.valid, ca: tls.ca, ...client });
  });
  afterAll(() => psp.close());
  const t = useTestApp('embedded', { httpAllowedNetworks: ['127.0.0.2/32'], publicUrl });

  async function pixAccount(api: Requester, certificate = tls.otherHost) {
    const res = await api.post('/api/v1/service-accounts', {
      name: `PSP ${Math.random().toString(36).slice(2, 8)}`,
      auth_type: 'pix_api',
      pix_api: {
        api_url: psp.url,
        client_id: client.clientId,
        client_secret: client.clientSecret,
        certificate: certificate.cert,
        private_key: certificate.key,
        ca_certificate: tls.ca,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { _id: string; secrets_set: string[]; pix_api: Record<string, unknown> };
  }

  const run = (account: TestAccount, params: Record<string, unknown>) =>
    runAfterManualTrigger(t, account, { type: 'svc_pix', uid: 'pix', params });

  it('keeps the secrets, tests the account with a token over mTLS, and runs every operation', async () => {
    const owner = await t.createAccount();
    const api = t.request(owner.token);
    const account = await pixAccount(api);
    expect(account.secrets_set.sort()).toEqual(['client_secret', 'private_key']);
    expect(account.pix_api).not.toHaveProperty('private_key');
    expect(account.pix_api).not.toHaveProperty('client_secret');
    const tested = await api.post(`/api/v1/service-accounts/${account._id}/test`);
    expect(tested.json()).toMatchObject({
      status: 'ok',
      message: expect.stringContaining('Conexão bem-sucedida com a API Pix: token obtido'),
    });
    const service_account = account._id;

    const created = await run(owner, {
      service_account,
      operation: 'cob_create',
      cob_txid: txid,
      chave,
      valor: '149,90',
      devedor_documento: '529.982.247-25',
      devedor_nome: 'Fulano de Tal',
    });
    expect(created.execution.status, JSON.stringify(created.summary)).toBe('success');
    expect(psp.calls.at(-1)).toMatchObject({ method: 'PUT', path: `/api/v2/cob/${txid}` });
    expect(created.run.outputs[0]!.msg!.payload).toMatchObject({
      txid,
      status: 'ATIVA',
      valor: { original: '149.90' },
      devedor: { cpf: '52998224725', nome: 'Fulano de Tal' },
      location: `pix.psp.example/qr/v2/${txid}`,
      pixCopiaECola: expect.stringMatching(/^000201/),
    });
    const tokensBefore = psp.tokens.length;

    const byPsp = await run(owner, { service_account, operation: 'cob_create', chave, valor: 10 });
    expect(psp.calls.at(-1)).toMatchObject({ method: 'POST', path: '/api/v2/cob' });
    const pspTxid = (byPsp.run.outputs[0]!.msg!.payload as { txid: string }).txid;
    const got = await run(owner, { service_account, operation: 'cob_get', cob_txid: pspTxid });
    expect(got.run.outputs[0]!.msg!.payload).toMatchObject({
      txid: pspTxid,
      valor: { original: '10.00' },
    });
    const cancelled = await run(owner, {
      service_account,
      operation: 'cob_cancel',
      cob_txid: pspTxid,
    });
    expect(psp.calls.at(-1)).toMatchObject({ method: 'PATCH', path: `/api/v2/cob/${pspTxid}` });
    expect(cancelled.run.outputs[0]!.msg!.payload).toMatchObject({
      revisao: 1,
      status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR',
    });
    const listed = await run(owner, {
      service_account,
      operation: 'cob_list',
      inicio: '01/01/2026',
      fim: '31/12/2030 23:59',
      return_all: true,
    });
    expect((listed.run.outputs[0]!.msg!.payload as unknown[]).length).toBe(2);
    // The token is kept between executions: no new exchange after the first operation.
    expect(psp.tokens.length).toBe(tokensBefore);

    const paid = psp.pay(txid);
    const pix = await run(owner, { service_account, operation: 'pix_get', e2eid: paid.endToEndId });
    expect(pix.run.outputs[0]!.msg!.payload).toMatchObject({ txid, valor: '149.90' });
    const received = await run(owner, {
      service_account,
      operation: 'pix_list',
      inicio: '2026-01-01T00:00:00Z',
      fim: '2030-12-31T23:59:59Z',
    });
    expect(received.run.outputs[0]!.msg!.payload).toEqual([expect.objectContaining({ txid })]);
    const refund = await run(owner, {
      service_account,
      operation: 'pix_refund',
      e2eid: paid.endToEndId,
      devolucao_id: 'devolucao1',
      valor: '49,90',
    });
    expect(psp.calls.at(-1)).toMatchObject({
      method: 'PUT',
      path: `/api/v2/pix/${String(paid.endToEndId)}/devolucao/devolucao1`,
      body: { valor: '49.90' },
    });
    expect(refund.run.outputs[0]!.msg!.payload).toMatchObject({
      id: 'devolucao1',
      status: 'EM_PROCESSAMENTO',
    });
  });

  it("fails a charge with the API's problem in pt-BR, naming the field", async () => {
    const owner = await t.createAccount();
    const { _id } = await pixAccount(t.request(owner.token));
    const { execution, summary } = await run(owner, {
      service_account: _id,
      operation: 'cob_create',
      chave: 'chave-de-outro',
      valor: '10,00',
    });
    expect(execution.status).toBe('error');
    expect(summary?.error?.message).toBe(
      'A API Pix recusou a chamada (status 400): Cobrança inválida. A requisição que busca alterar ou criar uma cobrança para pagamento imediato não respeita o _schema_ ou está semanticamente errada. — campo cob.chave: A chave não pertence a este usuário recebedor.',
    );
  });

  it('says a client certificate the PSP does not accept in pt-BR, in the test and in a run', async () => {
    const owner = await t.createAccount();
    const api = t.request(owner.token);
    const { _id } = await pixAccount(api, tls.selfSigned);
    const tested = await api.post(`/api/v1/service-accounts/${_id}/test`);
    expect(tested.json()).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(
        /^Não foi possível obter o token da API Pix: 127\.0\.0\.2:\d+ encerrou a conexão sem responder: o serviço pode ter recusado o certificado de cliente \(mTLS\)/,
      ),
    });
    const { execution, summary } = await run(owner, {
      service_account: _id,
      operation: 'cob_get',
      cob_txid: txid,
    });
    expect(execution.status).toBe('error');
    expect(summary?.error?.message).toMatch(/certificado de cliente \(mTLS\)/);
  });

  it('registers the webhook when enabled, runs once per received Pix, and deletes it when disabled', async () => {
    const owner = await t.createAccount();
    const api = t.request(owner.token);
    const { _id } = await pixAccount(api);
    const flowId = await createFlow(
      t,
      owner,
      chain(
        {
          type: 'svc_pix_trigger',
          uid: 'recebido',
          params: { service_account: _id, chave, events: 'all' },
        },
        { type: 'core_log', params: { label: 'Pix', message: '{{ msg.payload.valor }}' } },
      ),
      false,
    );
    expect((await api.put(`/api/v1/flows/${flowId}`, { enabled: true })).statusCode).toBe(200);
    const registered = psp.webhooks.get(chave)!;
    expect(registered).toMatch(
      new RegExp(`^${publicUrl}/engine/hooks/${flowId}/recebido\\?token=[0-9a-f]{64}$`),
    );

    const post = (url: URL, body: string) =>
      t.app
        .inject({
          method: 'POST',
          url: `${url.pathname}${url.search}`,
          headers: { 'content-type': 'application/json' },
          payload: body,
        })
        .then((response) => response.statusCode);
    const items = [
      {
        endToEndId: 'E12345678202612011221aaaaaaaaaaa1',
        txid,
        valor: '149.90',
        horario: '2026-12-01T12:00:00Z',
      },
      {
        endToEndId: 'E12345678202612011221aaaaaaaaaaa2',
        txid,
        valor: '20.00',
        horario: '2026-12-01T12:01:00Z',
      },
    ];
    expect(await psp.notify(chave, items, post)).toBe(200);
    // The PSP calls again with the same Pix (its retry): nothing new starts.
    const again = await t.app.inject({
      method: 'POST',
      url: `${new URL(registered).pathname}/pix${new URL(registered).search}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ pix: items }),
    });
    expect(again.json()).toEqual({ execution_ids: [] });
    const forged = new URL(registered);
    forged.searchParams.set('token', 'outro');
    expect(
      await post(new URL(`${forged.origin}${forged.pathname}/pix${forged.search}`), '{"pix":[]}'),
    ).toBe(401);
    const executions = await finished(t, flowId, 2);
    expect(executions.map((e) => e.status)).toEqual(['success', 'success']);
    const node = (
      await api.get(`/api/v1/monitoring/executions/${executions[0]!.id}/data/recebido`)
    ).json() as NodeData;
    expect(items).toContainEqual(node.runs[0]!.outputs[0]!.msg!.payload);

    expect((await api.put(`/api/v1/flows/${flowId}`, { enabled: false })).statusCode).toBe(200);
    expect(psp.webhooks.has(chave)).toBe(false);
    expect(psp.calls.at(-1)).toMatchObject({ method: 'DELETE', path: `/api/v2/webhook/${chave}` });
  });
});
