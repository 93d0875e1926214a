import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NodeData } from '@ponte/shared/execution-data.schema';
import { messages } from '@ponte/shared/messages';
import {
  chain,
  createFlow,
  executionsOf,
  finished,
  runAfterManualTrigger,
} from '../../test/flow-fixtures';
import {
  startWhatsAppStandIn,
  type WhatsAppStandIn,
} from '../../test/stand-ins/whatsapp-cloud-api';
import { useTestApp, type Requester, type TestAccount } from '../../test/test-app';

// Meta's Graph API is never reached: a stand-in of its documented contract
// (https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages) answers on
// 127.0.0.3, opened to the network guard. Deliveries to the trigger are signed as Meta signs
// them (https://developers.facebook.com/docs/graph-api/webhooks/getting-started).
const token = 'EAAG-token-de-acesso';
const phone = '106540352242922';
const appSecret = 'segredo-do-app';
let meta: WhatsAppStandIn;
beforeAll(async () => {
  meta = await startWhatsAppStandIn('127.0.0.3', token, phone);
});
afterAll(() => meta.close());

const inbound = (text: string, numberId = phone) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '102290129340398',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '551140030000', phone_number_id: numberId },
            contacts: [{ profile: { name: 'Ana Souza' }, wa_id: '5511912345678' }],
            messages: [
              {
                from: '5511912345678',
                id: `wamid.${text.length}`,
                timestamp: '1764400000',
                type: 'text',
                text: { body: text },
              },
            ],
          },
        },
      ],
    },
  ],
});
const sign = (body: string, secret = appSecret) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

describe('the WhatsApp connector and trigger, through a Cloud API account', () => {
  const t = useTestApp('embedded', { httpAllowedNetworks: ['127.0.0.3/32'] });

  async function whatsappAccount(api: Requester, accessToken = token) {
    const res = await api.post('/api/v1/service-accounts', {
      name: `WhatsApp ${Math.random().toString(36).slice(2, 8)}`,
      auth_type: 'whatsapp_cloud',
      whatsapp_cloud: {
        access_token: accessToken,
        phone_number_id: phone,
        app_secret: appSecret,
        verify_token: 'verificacao-da-loja',
        api_url: meta.url,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json()._id as string;
  }

  const send = (account: TestAccount, params: Record<string, unknown>) =>
    runAfterManualTrigger(t, account, { type: 'svc_whatsapp', uid: 'wa', params });

  it('tests the account on the number, never showing the token', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const good = await whatsappAccount(api);
    const ok = await api.post(`/api/v1/service-accounts/${good}/test`);
    expect(ok.json()).toMatchObject({
      status: 'ok',
      message: messages.serviceAccounts.whatsappTestOk('+55 11 4003-0000', 'Loja Exemplo'),
    });
    const wrong = await whatsappAccount(api, 'EAAG-vencido');
    const refused = await api.post(`/api/v1/service-accounts/${wrong}/test`);
    expect(refused.json()).toMatchObject({
      status: 'failed',
      message: messages.serviceAccounts.whatsappRefused(
        'Error validating access token: Session has expired',
      ),
    });
    expect(refused.body).not.toContain('EAAG-vencido');
  });

  it('sends a template through the account and puts the message id in msg.payload', async () => {
    const account = await t.createAccount();
    const id = await whatsappAccount(t.request(account.token));
    const { execution, run } = await send(account, {
      service_account: id,
      operation: 'send_template',
      to: '+55 11 91234-5678',
      template_name: 'pedido_enviado',
      template_variables: [{ value: 'Ana' }],
    });
    expect(execution.status).toBe('success');
    expect(meta.calls.at(-1)).toMatchObject({
      path: `/v23.0/${phone}/messages`,
      authorization: `Bearer ${token}`,
      body: {
        to: '5511912345678',
        type: 'template',
        template: { name: 'pedido_enviado', language: { code: 'pt_BR' } },
      },
    });
    expect(run!.outputs[0]!.msg).toMatchObject({
      payload: { messages: [{ id: expect.stringMatching(/^wamid\./) }] },
    });
  });

  it("says Meta's refusal in pt-BR and waits out its throughput limit", async () => {
    const account = await t.createAccount();
    const id = await whatsappAccount(t.request(account.token));
    const refused = await send(account, {
      service_account: id,
      operation: 'send_text',
      to: '+55 11 90000-0404',
      text: 'Olá',
    });
    expect(refused.execution.status).toBe('error');
    expect(refused.summary?.error?.message).toBe(
      'O WhatsApp recusou a chamada: o número de "Para" não está na lista de destinatários permitidos do número de teste — (#131030) Recipient phone number not in allowed list (código 131030).',
    );
    const before = meta.calls.length;
    const limited = await send(account, {
      service_account: id,
      operation: 'send_text',
      to: '+55 11 90000-0429',
      text: 'Olá',
    });
    expect(limited.execution.status).toBe('success');
    expect(meta.calls.length - before).toBe(2);
  });

  it("answers Meta's verification, starts one execution per signed message and refuses a bad signature", async () => {
    const account = await t.createAccount();
    const id = await whatsappAccount(t.request(account.token));
    const flowId = await createFlow(
      t,
      account,
      chain({ type: 'svc_whatsapp_trigger', uid: 'entrada', params: { service_account: id } }),
    );
    const address = `/engine/hooks/${flowId}/entrada`;
    const verify = (verifyToken: string) =>
      t.app.inject({
        method: 'GET',
        url: `${address}?hub.mode=subscribe&hub.verify_token=${verifyToken}&hub.challenge=1158201444`,
      });
    const confirmed = await verify('verificacao-da-loja');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toBe('1158201444');
    expect((await verify('outra')).statusCode).toBe(403);

    const deliver = (body: string, signature: string) =>
      t.app.inject({
        method: 'POST',
        url: address,
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
        payload: body,
      });
    // Bytes as Meta sends them: the signature is over these, not over a re-encoding.
    const body = JSON.stringify(inbound('Quero   saber do pedido ✓'), null, 1);
    const bad = await deliver(body, sign(body, 'outro-segredo'));
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe(messages.engine.hookSignatureInvalid);
    const other = JSON.stringify(inbound('de outro número', '999'));
    expect((await deliver(other, sign(other))).json()).toEqual({ execution_ids: [] });
    const accepted = await deliver(body, sign(body));
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().execution_ids).toHaveLength(1);
    const [execution] = await finished(t, flowId);
    expect(execution!.status).toBe('success');
    expect(await executionsOf(t, flowId)).toHaveLength(1);
    const node = (
      await t
        .request(account.token)
        .get(`/api/v1/monitoring/executions/${execution!.id}/data/entrada`)
    ).json() as NodeData;
    expect(node.runs[0]!.outputs[0]!.msg).toMatchObject({
      event: 'message',
      payload: {
        from: '5511912345678',
        text: { body: 'Quero   saber do pedido ✓' },
        contact: { profile: { name: 'Ana Souza' } },
      },
    });
  });
});
