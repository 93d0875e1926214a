import { describe, expect, it } from 'vitest';
import { eventKept, type HookDelivery } from '../kit/define-connector-trigger';
import type { ServiceAccount } from '../../ports';
import { createFakePorts, jsonResponse } from '../../testing/fake-ports';
import { pixTrigger } from './pix.trigger';

// The webhook as the Banco Central's Pix API documents it (https://github.com/bacen/pix-api,
// openapi.yaml v2.9.0): PUT/GET/DELETE /webhook/{chave} with {webhookUrl}, and the callback
// `listaPix` POST {webhookUrl}/pix with {pix: [...]} (examples pixWebhook1, pixWebhook2).
const hook = pixTrigger.serviceHook!;
const subscriptions = pixTrigger.hookSubscriptions!;
const account: ServiceAccount = {
  _id: 'psp',
  name: 'PSP da loja',
  type: 'pix_api',
  data: { api_url: 'https://pix.psp.example/api/v2', access_token: 'token-do-psp' },
};
const address = 'https://ponte.exemplo.com.br/engine/hooks/f1/recebido';
const chave = '7d9f0335-8dcc-4054-9bf9-0dbd61d36906';

const delivery = (query: Record<string, string>): HookDelivery => ({
  method: 'POST',
  headers: {},
  query,
  rawBody: Buffer.from('{}'),
  receivedAt: new Date(),
});

function request() {
  const ports = createFakePorts();
  ports.accounts.psp = account;
  const scope = { workspaceId: 'w', flowId: 'f1', executionId: '' };
  const signal = new AbortController().signal;
  return {
    ports,
    request: {
      accountId: 'psp',
      params: { chave },
      address,
      secret: 's3cr3t',
      ports,
      scope,
      signal,
    },
  };
}

describe('svc_pix_trigger', () => {
  it("accepts a call only with the registration's token, /pix appended to the path or the text", () => {
    expect(hook.verify(delivery({ token: 's3cr3t' }), account, { secret: 's3cr3t' })).toBe(true);
    expect(hook.verify(delivery({ token: 's3cr3t/pix' }), account, { secret: 's3cr3t' })).toBe(
      true,
    );
    expect(hook.verify(delivery({ token: 'outro' }), account, { secret: 's3cr3t' })).toBe(false);
    expect(hook.verify(delivery({}), account, { secret: 's3cr3t' })).toBe(false);
    expect(hook.verify(delivery({ token: 's3cr3t' }), account, {})).toMatch(/não está registrado/);
  });

  it('makes one event per Pix of the call: a receipt is a Pix, a finished refund a Devolução', () => {
    // Examples pixWebhook2 (a receipt) and pixWebhook1 (with `devolucoes`) of openapi.yaml
    // v2.9.0; the callback `listaPix` fires again when a refund reaches DEVOLVIDO or NAO_REALIZADO.
    const first = { endToEndId: 'E87654321202009091221dfghi123456', valor: '110.00' };
    const refunded = {
      endToEndId: 'E12345678202009091221kkkkkkkkkkk',
      valor: '110.00',
      devolucoes: [{ id: '123ABC', valor: '10.00', status: 'DEVOLVIDO' }],
    };
    const failed = { ...refunded, devolucoes: { id: '123ABC', status: 'NAO_REALIZADO' } };
    expect(hook.events({ pix: [first, refunded, failed] }, account, {})).toEqual([
      { event: 'pix', payload: first, key: 'E87654321202009091221dfghi123456' },
      {
        event: 'devolucao',
        payload: refunded,
        key: 'E12345678202009091221kkkkkkkkkkk:123ABC=DEVOLVIDO',
      },
      {
        event: 'devolucao',
        payload: failed,
        key: 'E12345678202009091221kkkkkkkkkkk:123ABC=NAO_REALIZADO',
      },
    ]);
    expect(hook.events({ outro: [] }, account, {})).toEqual([]);
  });

  it("lets a flow filtering 'Pix recebido' see only first receipts", () => {
    const events = pixTrigger.manifest.params.events;
    expect(events).toMatchObject({
      default: 'all',
      options: [
        { label: 'Todos', value: 'all' },
        { label: 'Pix recebido', value: 'pix' },
        { label: 'Devolução', value: 'devolucao' },
      ],
    });
    const refund = { endToEndId: 'E1', devolucoes: [{ id: 'D1', status: 'DEVOLVIDO' }] };
    const [event] = hook.events({ pix: [refund] }, account, {});
    expect(eventKept({ events: 'pix' }, event!.event)).toBe(false);
    expect(eventKept({ events: 'devolucao' }, event!.event)).toBe(true);
  });

  it('registers the address with its token by PUT /webhook/{chave}, over the account', async () => {
    const { ports, request: r } = request();
    ports.httpHandler = () => jsonResponse(200, {});
    expect(await subscriptions.subscribe(r)).toBe(chave);
    expect(ports.httpCalls[0]!.method).toBe('PUT');
    expect(ports.httpCalls[0]!.url).toBe(`https://pix.psp.example/api/v2/webhook/${chave}`);
    expect(ports.httpCalls[0]!.headers.authorization).toBe('Bearer token-do-psp');
    expect(JSON.parse(String(ports.httpCalls[0]!.body))).toEqual({
      webhookUrl: `${address}?token=s3cr3t`,
    });
  });

  it("deletes the webhook only while it is still the node's address", async () => {
    const { ports, request: r } = request();
    let registered = `${address}?token=s3cr3t`;
    ports.httpHandler = (call) =>
      call.method === 'GET'
        ? jsonResponse(200, { webhookUrl: registered, chave })
        : jsonResponse(204, {});
    await subscriptions.unsubscribe(r, chave);
    expect(ports.httpCalls.map((c) => c.method)).toEqual(['GET', 'DELETE']);
    registered = 'https://outro.exemplo.com.br/pix-hook';
    await subscriptions.unsubscribe(r, chave);
    expect(ports.httpCalls.map((c) => c.method)).toEqual(['GET', 'DELETE', 'GET']);
  });
});
