import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { HookDelivery } from '../kit/define-connector-trigger';
import type { ServiceAccount } from '../../ports';
import { whatsappTrigger } from './whatsapp.trigger';

// Deliveries as Meta documents them: the verification request and the signed POST
// (https://developers.facebook.com/docs/graph-api/webhooks/getting-started) with the payload of
// https://developers.facebook.com/docs/whatsapp/cloud-api/webhooks/payload-examples.
const hook = whatsappTrigger.serviceHook!;
const account: ServiceAccount = {
  _id: 'wa',
  name: 'WhatsApp da loja',
  type: 'whatsapp_cloud',
  data: {
    access_token: 'EAAG',
    phone_number_id: '106540352242922',
    app_secret: 'segredo-do-app',
    verify_token: 'minha-verificacao',
  },
};

const payload = {
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '102290129340398',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
            contacts: [{ profile: { name: 'Ana Souza' }, wa_id: '5511912345678' }],
            messages: [
              {
                from: '5511912345678',
                id: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQUFERjg0NDEzNDdFODU3MUMxMAA=',
                timestamp: '1750090702',
                text: { body: 'Quero saber do meu pedido' },
                type: 'text',
              },
            ],
          },
        },
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
            statuses: [
              {
                id: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBI3MTE5MjY3ODU1OTQ1N0Y4NzgA',
                status: 'delivered',
                timestamp: '1750263773',
                recipient_id: '5511912345678',
              },
            ],
          },
        },
        {
          field: 'messages',
          value: {
            metadata: { phone_number_id: '999' },
            messages: [{ from: '1', id: 'de-outro-numero', type: 'text' }],
          },
        },
      ],
    },
  ],
};

function delivery(body: string, signature?: string): HookDelivery {
  return {
    method: 'POST',
    headers: signature ? { 'x-hub-signature-256': signature } : {},
    query: {},
    rawBody: Buffer.from(body),
    receivedAt: new Date(),
  };
}
const sign = (body: string, secret = 'segredo-do-app') =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

describe('svc_whatsapp_trigger', () => {
  it("answers Meta's verification with the challenge only for the account's token", () => {
    const ask = (token: string) =>
      hook.handshake!(
        {
          method: 'GET',
          headers: {},
          query: {
            'hub.mode': 'subscribe',
            'hub.verify_token': token,
            'hub.challenge': '1158201444',
          },
          rawBody: Buffer.alloc(0),
          receivedAt: new Date(),
        },
        account,
      );
    expect(ask('minha-verificacao')).toEqual({ status: 200, body: '1158201444' });
    expect(ask('outra')).toMatchObject({ status: 403 });
    expect(hook.handshake!(delivery('{}'), account)).toBeUndefined();
  });

  it('accepts a delivery signed with the app secret and refuses any other', () => {
    const body = JSON.stringify(payload);
    expect(hook.verify(delivery(body, sign(body)), account)).toBe(true);
    expect(hook.verify(delivery(body, sign(body, 'outro')), account)).toBe(false);
    expect(hook.verify(delivery(`${body} `, sign(body)), account)).toBe(false);
    expect(hook.verify(delivery(body), account)).toBe(false);
    const without = { ...account, data: { ...account.data, app_secret: '' } };
    expect(hook.verify(delivery(body, sign(body)), without)).toBe(
      'A conta "WhatsApp da loja" não tem o segredo do aplicativo para conferir a assinatura.',
    );
  });

  it("gives one event per message and status of the account's number, with the contact", () => {
    const events = hook.events(payload, account, {});
    expect(events.map((e) => e.event)).toEqual(['message', 'status']);
    expect(events[0]!.payload).toMatchObject({
      from: '5511912345678',
      text: { body: 'Quero saber do meu pedido' },
      contact: { profile: { name: 'Ana Souza' } },
      phone_number_id: '106540352242922',
    });
    expect(events[1]!.payload).toMatchObject({ status: 'delivered' });
  });
});
