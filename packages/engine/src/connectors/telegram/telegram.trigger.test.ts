import { describe, expect, it } from 'vitest';
import type { HookDelivery } from '../kit/define-connector-trigger';
import type { ServiceAccount } from '../../ports';
import { createFakePorts, jsonResponse } from '../../testing/fake-ports';
import { telegramTrigger } from './telegram.trigger';

// Deliveries and calls as the Bot API documents them: https://core.telegram.org/bots/api#setwebhook,
// #getwebhookinfo, #deletewebhook and the Update object of #update.
const hook = telegramTrigger.serviceHook!;
const subscriptions = telegramTrigger.hookSubscriptions!;
const token = '123:AAF-segredo';
const account: ServiceAccount = {
  _id: 'bot',
  name: 'Bot da loja',
  type: 'telegram_bot',
  data: { bot_token: token },
};
const address = 'https://ponte.exemplo.com.br/engine/hooks/f1/entrada';

const delivery = (headers: Record<string, string>): HookDelivery => ({
  method: 'POST',
  headers,
  query: {},
  rawBody: Buffer.from('{}'),
  receivedAt: new Date(),
});

function request(params: Record<string, unknown>) {
  const ports = createFakePorts();
  ports.accounts.bot = account;
  const scope = { workspaceId: 'w', flowId: 'f1', executionId: '' };
  const signal = new AbortController().signal;
  return {
    ports,
    request: { accountId: 'bot', params, address, secret: 's3cr3t', ports, scope, signal },
  };
}

describe('svc_telegram_trigger', () => {
  it("accepts a delivery only with the registration's secret token", () => {
    const header = (value: string) => delivery({ 'x-telegram-bot-api-secret-token': value });
    expect(hook.verify(header('s3cr3t'), account, { secret: 's3cr3t' })).toBe(true);
    expect(hook.verify(header('outro'), account, { secret: 's3cr3t' })).toBe(false);
    expect(hook.verify(delivery({}), account, { secret: 's3cr3t' })).toBe(false);
    expect(hook.verify(header('s3cr3t'), account, {})).toMatch(/não está registrado/);
  });

  it("names each Update by its kind, keyed by its update_id, and skips kinds it doesn't offer", () => {
    const update = { update_id: 7, message: { message_id: 1, text: 'oi', chat: { id: 5 } } };
    expect(hook.events(update, account, {})).toEqual([
      { event: 'message', payload: update, key: '7' },
    ]);
    const click = { update_id: 8, callback_query: { id: 'c1', data: 'pagar' } };
    expect(hook.events(click, account, {})[0]!.event).toBe('callback_query');
    expect(hook.events({ update_id: 9, poll: { id: 'p' } }, account, {})).toEqual([]);
  });

  it("registers the address with setWebhook, its secret and the chosen 'Eventos'", async () => {
    const { ports, request: r } = request({ events: 'callback_query' });
    ports.httpHandler = () => jsonResponse(200, { ok: true, result: true });
    expect(await subscriptions.subscribe(r)).toBe(address);
    expect(ports.httpCalls[0]!.url).toBe(`https://api.telegram.org/bot${token}/setWebhook`);
    expect(JSON.parse(String(ports.httpCalls[0]!.body))).toEqual({
      url: address,
      secret_token: 's3cr3t',
      allowed_updates: ['callback_query'],
    });
  });

  it("says Telegram's refusal of setWebhook", async () => {
    const { ports, request: r } = request({});
    ports.httpHandler = () =>
      jsonResponse(400, {
        ok: false,
        error_code: 400,
        description: 'Bad Request: bad webhook: An HTTPS URL must be provided for webhook',
      });
    await expect(subscriptions.subscribe(r)).rejects.toThrow(
      'O Telegram recusou a chamada: Bad Request: bad webhook: An HTTPS URL must be provided for webhook.',
    );
  });

  it('deletes the webhook only while it is still the address of the node', async () => {
    const { ports, request: r } = request({});
    let current = address;
    ports.httpHandler = () => jsonResponse(200, { ok: true, result: { url: current } });
    await subscriptions.unsubscribe(r, address);
    expect(ports.httpCalls.map((call) => call.url.split('/').at(-1))).toEqual([
      'getWebhookInfo',
      'deleteWebhook',
    ]);
    current = 'https://outro.exemplo.com.br/hook';
    await subscriptions.unsubscribe(r, address);
    expect(ports.httpCalls.map((call) => call.url.split('/').at(-1))).toHaveLength(3);
  });
});
