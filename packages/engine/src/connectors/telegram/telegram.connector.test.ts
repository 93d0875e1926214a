import { describe, expect, it } from 'vitest';
import { createFakePorts, jsonResponse } from '../../testing/fake-ports';
import { runNode } from '../../testing/run-node';
import { telegramConnector } from './telegram.connector';

// Answers as the Bot API documents them (https://core.telegram.org/bots/api#making-requests).
const token = '123:AAF-segredo';

function bot() {
  const ports = createFakePorts();
  ports.accounts.bot = {
    _id: 'bot',
    name: 'Bot da loja',
    type: 'telegram_bot',
    data: { bot_token: token },
  };
  return ports;
}

describe('svc_telegram', () => {
  it('puts the token in the path before the method and sends only the operation params', async () => {
    const ports = bot();
    ports.httpHandler = () => jsonResponse(200, { ok: true, result: { message_id: 9 } });
    const { emitted } = await runNode(telegramConnector, {
      ports,
      params: {
        service_account: 'bot',
        operation: 'send_photo',
        chat_id: '@loja',
        photo: 'https://exemplo.com.br/p.jpg',
        text: 'de outra operação',
        disable_notification: true,
      },
    });
    expect(ports.httpCalls[0]!.url).toBe(`https://api.telegram.org/bot${token}/sendPhoto`);
    expect(JSON.parse(String(ports.httpCalls[0]!.body))).toEqual({
      chat_id: '@loja',
      photo: 'https://exemplo.com.br/p.jpg',
      disable_notification: true,
    });
    expect(emitted[0]!.msg.payload).toEqual({ message_id: 9 });
  });

  it('waits the retry_after of a 429 answer', async () => {
    const ports = bot();
    const times: number[] = [];
    ports.httpHandler = () => {
      times.push(ports.time);
      return times.length === 1
        ? jsonResponse(429, {
            ok: false,
            error_code: 429,
            description: 'Too Many Requests: retry after 5',
            parameters: { retry_after: 5 },
          })
        : jsonResponse(200, { ok: true, result: true });
    };
    await runNode(telegramConnector, {
      ports,
      params: { service_account: 'bot', operation: 'delete_message', chat_id: '1', message_id: 3 },
    });
    expect(times[1]! - times[0]!).toBe(5_000);
  });

  it('says a refused token without the token', async () => {
    const ports = bot();
    ports.httpHandler = () =>
      jsonResponse(401, { ok: false, error_code: 401, description: 'Unauthorized' });
    const error = await runNode(telegramConnector, {
      ports,
      params: { service_account: 'bot', operation: 'get_chat', chat_id: '1' },
    }).catch((failure: Error) => failure);
    expect((error as Error).message).toBe('O Telegram recusou o token do bot da conta de serviço.');
  });
});
