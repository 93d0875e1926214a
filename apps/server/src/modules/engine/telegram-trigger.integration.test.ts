import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NodeData } from '@ponte/shared/execution-data.schema';
import { messages } from '@ponte/shared/messages';
import { chain, createFlow, executionsOf, finished } from '../../test/flow-fixtures';
import { startTelegramStandIn, type TelegramStandIn } from '../../test/stand-ins/telegram-bot-api';
import { useTestApp, type TestAccount, type TestContext } from '../../test/test-app';
import { createSharedTestDatabase, type SharedTestDatabase } from '../../test/test-database';
import { until } from '../../test/until';

// Telegram is never reached: a stand-in of the Bot API's webhook methods
// (https://core.telegram.org/bots/api#setwebhook, #deletewebhook, #getwebhookinfo) answers on
// 127.0.0.2, opened to the network guard. Deliveries are Updates
// (https://core.telegram.org/bots/api#update) posted to the app itself, as Telegram posts them,
// with the `X-Telegram-Bot-Api-Secret-Token` header.
const token = '123456789:AAF-token-do-bot';
const publicUrl = 'https://ponte.exemplo.com.br';
let telegram: TelegramStandIn;
beforeAll(async () => {
  telegram = await startTelegramStandIn('127.0.0.2', token);
});
afterAll(() => telegram.close());

async function botFlow(t: TestContext, owner: TestAccount, enabled: boolean) {
  const api = t.request(owner.token);
  const account = await api.post('/api/v1/service-accounts', {
    name: `Bot ${Math.random().toString(36).slice(2, 8)}`,
    auth_type: 'telegram_bot',
    telegram_bot: { bot_token: token, api_url: telegram.url },
  });
  expect(account.statusCode, account.body).toBe(201);
  const data = chain(
    {
      type: 'svc_telegram_trigger',
      uid: 'entrada',
      params: { service_account: account.json()._id, events: 'all' },
    },
    { type: 'core_log', params: { label: 'Update', message: '{{ msg.event }}' } },
  );
  return createFlow(t, owner, data, enabled);
}

const deliver = (t: TestContext, flowId: string, update: object, secret: string | undefined) =>
  t.app.inject({
    method: 'POST',
    url: `/engine/hooks/${flowId}/entrada`,
    headers: {
      'content-type': 'application/json',
      ...(secret !== undefined ? { 'x-telegram-bot-api-secret-token': secret } : {}),
    },
    payload: JSON.stringify(update),
  });

describe('the Telegram trigger, registered with setWebhook when its flow is enabled', () => {
  const t = useTestApp('embedded', { httpAllowedNetworks: ['127.0.0.2/32'], publicUrl });

  it('registers the address with a secret, runs each update once, and deletes the webhook when disabled', async () => {
    const owner = await t.createAccount();
    const flowId = await botFlow(t, owner, false);
    expect(telegram.webhook).toBeNull();
    const api = t.request(owner.token);
    const enabled = await api.put(`/api/v1/flows/${flowId}`, { enabled: true });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const webhook = telegram.webhook!;
    expect(webhook).toMatchObject({
      url: `${publicUrl}/engine/hooks/${flowId}/entrada`,
      allowed_updates: ['message', 'edited_message', 'callback_query', 'channel_post'],
    });
    expect(webhook.secret_token).toMatch(/^[A-Za-z0-9_-]{32,256}$/);

    const update = {
      update_id: 900_001,
      message: {
        message_id: 7,
        date: 1_764_000_000,
        chat: { id: 55, type: 'private' },
        text: 'oi',
      },
    };
    const wrong = await deliver(t, flowId, update, 'outro-segredo');
    expect(wrong.statusCode).toBe(401);
    expect((await deliver(t, flowId, update, undefined)).statusCode).toBe(401);
    const accepted = await deliver(t, flowId, update, webhook.secret_token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().execution_ids).toHaveLength(1);
    // Telegram delivers an update again when the answer fails: the same update_id starts nothing.
    expect((await deliver(t, flowId, update, webhook.secret_token)).json()).toEqual({
      execution_ids: [],
    });
    const [execution] = await finished(t, flowId);
    expect(execution!.status).toBe('success');
    expect(await executionsOf(t, flowId)).toHaveLength(1);
    const node = (
      await api.get(`/api/v1/monitoring/executions/${execution!.id}/data/entrada`)
    ).json() as NodeData;
    expect(node.runs[0]!.outputs[0]!.msg).toMatchObject({ event: 'message', payload: update });

    const disabled = await api.put(`/api/v1/flows/${flowId}`, { enabled: false });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(telegram.calls.at(-1)).toMatchObject({ method: 'deleteWebhook', token });
    expect(telegram.webhook).toBeNull();
    expect((await deliver(t, flowId, update, webhook.secret_token)).statusCode).toBe(404);
  });

  it("refuses to enable the flow with Telegram's reason when setWebhook is refused", async () => {
    const owner = await t.createAccount();
    const flowId = await botFlow(t, owner, false);
    const api = t.request(owner.token);
    const reason = 'Bad Request: bad webhook: Failed to resolve host: Name or service not known';
    telegram.refuseNextWebhook(reason);
    const refused = await api.put(`/api/v1/flows/${flowId}`, { enabled: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'hook_registration_failed',
      message: messages.flows.hookRegistrationFailed(
        'entrada',
        `O Telegram recusou a chamada: ${reason}.`,
      ),
    });
    expect((await api.get(`/api/v1/flows/${flowId}`)).json().enabled).toBe(false);
    expect(telegram.webhook).toBeNull();
  });
});

describe('the Telegram trigger after PONTE_PUBLIC_URL changed', () => {
  // Two starts of Ponte on one database: the second with another public address.
  let shared: Promise<SharedTestDatabase> | null = null;
  const database = () => (shared ??= createSharedTestDatabase('embedded'));
  afterAll(async () => (await shared)?.dispose());
  const before = useTestApp('embedded', {
    openDatabase: async () => (await database()).open(),
    httpAllowedNetworks: ['127.0.0.2/32'],
    publicUrl: 'https://antigo.exemplo.com.br',
  });
  let flowId = '';
  let update = 1;
  const message = () => ({
    update_id: 910_000 + update++,
    message: { message_id: 1, date: 1_764_000_000, chat: { id: 5, type: 'private' }, text: 'oi' },
  });

  it('is registered at the first address', async () => {
    const owner = await before.createAccount();
    flowId = await botFlow(before, owner, true);
    expect(telegram.webhook?.url).toBe(
      `https://antigo.exemplo.com.br/engine/hooks/${flowId}/entrada`,
    );
  });

  describe('started again at another address', () => {
    const after = useTestApp('embedded', {
      openDatabase: async () => (await database()).open(),
      httpAllowedNetworks: ['127.0.0.2/32'],
      publicUrl: 'https://novo.exemplo.com.br',
    });

    it('is registered again there, the old registration removed first, with a new secret', async () => {
      const address = `https://novo.exemplo.com.br/engine/hooks/${flowId}/entrada`;
      await until(async () => telegram.webhook?.url === address, 'o novo endereço no Telegram');
      const last = telegram.calls.slice(-2).map((call) => call.method);
      expect(last).toEqual(['deleteWebhook', 'setWebhook']);
      const secret = telegram.webhook!.secret_token!;
      expect((await deliver(after, flowId, message(), 'outro')).statusCode).toBe(401);
      const accepted = await deliver(after, flowId, message(), secret);
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json().execution_ids).toHaveLength(1);
    });
  });
});
