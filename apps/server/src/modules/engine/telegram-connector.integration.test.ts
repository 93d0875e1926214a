import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { runAfterManualTrigger } from '../../test/flow-fixtures';
import { startTelegramStandIn, type TelegramStandIn } from '../../test/stand-ins/telegram-bot-api';
import { useTestApp, type Requester, type TestAccount } from '../../test/test-app';

// The Telegram Bot API is never reached: a stand-in of its documented contract
// (https://core.telegram.org/bots/api) answers on 127.0.0.2, opened to the network guard.
const token = '123456789:AAF-token-do-bot';
let telegram: TelegramStandIn;
beforeAll(async () => {
  telegram = await startTelegramStandIn('127.0.0.2', token);
});
afterAll(() => telegram.close());

describe('the Telegram connector, through a bot account', () => {
  const t = useTestApp('embedded', { httpAllowedNetworks: ['127.0.0.2/32'] });

  async function botAccount(api: Requester, botToken = token) {
    const res = await api.post('/api/v1/service-accounts', {
      name: `Bot ${Math.random().toString(36).slice(2, 8)}`,
      auth_type: 'telegram_bot',
      telegram_bot: { bot_token: botToken, api_url: telegram.url },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json()._id as string;
  }

  /** Saves manual trigger → Telegram with these params, runs it, and gives the node's run. */
  const run = (account: TestAccount, params: Record<string, unknown>) =>
    runAfterManualTrigger(t, account, { type: 'svc_telegram', uid: 'bot', params });

  it('tests the account with getMe, naming the bot and never the token', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const good = await botAccount(api);
    const res = await api.post(`/api/v1/service-accounts/${good}/test`);
    expect(res.json()).toMatchObject({
      status: 'ok',
      message: messages.serviceAccounts.telegramTestOk('loja_bot'),
    });
    const wrong = await botAccount(api, '999:token-errado');
    const refused = await api.post(`/api/v1/service-accounts/${wrong}/test`);
    expect(refused.json()).toMatchObject({
      status: 'failed',
      message: messages.serviceAccounts.telegramRefused('Unauthorized'),
    });
    expect(refused.body).not.toContain('token-errado');
  });

  it('sends a message and puts the sent message in msg.payload', async () => {
    const account = await t.createAccount();
    const id = await botAccount(t.request(account.token));
    const { execution, run: sent } = await run(account, {
      service_account: id,
      operation: 'send_message',
      chat_id: '-1001234',
      text: 'Pedido 42 aprovado',
      parse_mode: 'HTML',
    });
    expect(execution.status).toBe('success');
    expect(telegram.calls.at(-1)).toEqual({
      method: 'sendMessage',
      token,
      body: { chat_id: '-1001234', text: 'Pedido 42 aprovado', parse_mode: 'HTML' },
    });
    expect(sent.outputs[0]!.msg).toMatchObject({
      payload: {
        text: 'Pedido 42 aprovado',
        chat: { id: -1001234 },
        message_id: expect.any(Number),
      },
    });
  });

  it('sends a document by URL with its caption', async () => {
    const account = await t.createAccount();
    const id = await botAccount(t.request(account.token));
    const { execution } = await run(account, {
      service_account: id,
      operation: 'send_document',
      chat_id: '777',
      document: 'https://exemplo.com.br/boleto.pdf',
      caption: 'Seu boleto',
    });
    expect(execution.status).toBe('success');
    expect(telegram.calls.at(-1)).toMatchObject({
      method: 'sendDocument',
      body: {
        chat_id: '777',
        document: 'https://exemplo.com.br/boleto.pdf',
        caption: 'Seu boleto',
      },
    });
  });

  it("says Telegram's refusal in pt-BR, naming the field", async () => {
    const account = await t.createAccount();
    const id = await botAccount(t.request(account.token));
    const { execution, summary } = await run(account, {
      service_account: id,
      operation: 'send_message',
      chat_id: '-100404',
      text: 'Olá',
    });
    expect(execution.status).toBe('error');
    expect(summary?.error?.message).toBe(
      'O Telegram recusou a chamada: o Telegram não encontrou o chat de "ID do chat" (Bad Request: chat not found).',
    );
  });

  it('waits the retry_after Telegram asks after a 429, then sends', async () => {
    const account = await t.createAccount();
    const id = await botAccount(t.request(account.token));
    const before = telegram.calls.length;
    const { execution } = await run(account, {
      service_account: id,
      operation: 'send_message',
      chat_id: '-100429',
      text: 'Olá',
    });
    expect(execution.status).toBe('success');
    expect(telegram.calls.slice(before).map((call) => call.method)).toEqual([
      'sendMessage',
      'sendMessage',
    ]);
  });
});
