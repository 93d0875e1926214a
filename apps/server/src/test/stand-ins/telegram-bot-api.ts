import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in of the Telegram Bot API for the methods Ponte uses, written from its reference
 * (https://core.telegram.org/bots/api, "Making requests"): `POST /bot<token>/<method>` with a
 * JSON body; answers `{ok: true, result}` or `{ok: false, error_code, description}` with the
 * same HTTP status, 429 with `parameters.retry_after` (seconds). Chats it knows: any id but
 * `-100404` ("chat not found"); `-100429` is rate limited once.
 *
 * Webhooks (https://core.telegram.org/bots/api#setwebhook, #deletewebhook, #getwebhookinfo):
 * the bot holds one; `setWebhook` replaces it and refuses a URL that is not HTTPS (as Telegram
 * does) or, once, with the description given to `refuseNextWebhook`; `deleteWebhook` empties
 * it; `getWebhookInfo` answers its `url` ('' when none), `has_custom_certificate`,
 * `pending_update_count` and `allowed_updates`.
 */
export interface TelegramStandIn {
  /** The base URL to put in an account's 'URL da API'. */
  url: string;
  /** Every call: the method, the token used and the JSON body. */
  calls: { method: string; token: string; body: Record<string, unknown> }[];
  /** The bot's webhook as `setWebhook` left it, null when it has none. */
  webhook: { url: string; secret_token?: string; allowed_updates?: string[] } | null;
  /** The next `setWebhook` is refused (400) with this description. */
  refuseNextWebhook(description: string): void;
  close(): Promise<void>;
}

export async function startTelegramStandIn(host: string, token: string): Promise<TelegramStandIn> {
  const calls: TelegramStandIn['calls'] = [];
  let messageId = 100;
  const limited = new Set<string>();
  let refusal: string | null = null;
  const state: Pick<TelegramStandIn, 'webhook'> = { webhook: null };
  const send = (response: ServerResponse, status: number, body: object) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const fail = (response: ServerResponse, status: number, description: string, extra = {}) =>
    send(response, status, { ok: false, error_code: status, description, ...extra });

  function answer(request: IncomingMessage, raw: string, response: ServerResponse) {
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(request.url ?? '');
    if (!match || request.method !== 'POST') return fail(response, 404, 'Not Found');
    const [, usedToken, method] = match as unknown as [string, string, string];
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    calls.push({ method, token: usedToken, body });
    if (usedToken !== token) return fail(response, 401, 'Unauthorized');
    if (method === 'getMe') {
      return send(response, 200, {
        ok: true,
        result: { id: 42, is_bot: true, first_name: 'Loja', username: 'loja_bot' },
      });
    }
    if (method === 'setWebhook') {
      const url = String(body.url ?? '');
      const refused = refusal;
      refusal = null;
      if (refused) return fail(response, 400, refused);
      if (url && !url.startsWith('https://'))
        return fail(
          response,
          400,
          'Bad Request: bad webhook: An HTTPS URL must be provided for webhook',
        );
      state.webhook = url
        ? {
            url,
            ...(body.secret_token ? { secret_token: String(body.secret_token) } : {}),
            ...(Array.isArray(body.allowed_updates)
              ? { allowed_updates: body.allowed_updates as string[] }
              : {}),
          }
        : null;
      return send(response, 200, { ok: true, result: true, description: 'Webhook was set' });
    }
    if (method === 'deleteWebhook') {
      const had = state.webhook !== null;
      state.webhook = null;
      return send(response, 200, {
        ok: true,
        result: true,
        description: had ? 'Webhook was deleted' : 'Webhook is already deleted',
      });
    }
    if (method === 'getWebhookInfo') {
      return send(response, 200, {
        ok: true,
        result: {
          url: state.webhook?.url ?? '',
          has_custom_certificate: false,
          pending_update_count: 0,
          ...(state.webhook?.allowed_updates
            ? { allowed_updates: state.webhook.allowed_updates }
            : {}),
        },
      });
    }
    const chatId = String(body.chat_id ?? '');
    if (!chatId) return fail(response, 400, 'Bad Request: chat_id is empty');
    if (chatId === '-100404') return fail(response, 400, 'Bad Request: chat not found');
    if (chatId === '-100429' && !limited.has(method)) {
      limited.add(method);
      return fail(response, 429, 'Too Many Requests: retry after 1', {
        parameters: { retry_after: 1 },
      });
    }
    const chat = { id: Number(chatId) || 1, type: Number(chatId) < 0 ? 'supergroup' : 'private' };
    const message = { message_id: ++messageId, date: 1_764_000_000, chat };
    switch (method) {
      case 'sendMessage':
      case 'editMessageText':
        if (!String(body.text ?? '').trim())
          return fail(response, 400, 'Bad Request: message text is empty');
        return send(response, 200, {
          ok: true,
          result: {
            ...message,
            ...(method === 'editMessageText' ? { message_id: body.message_id } : {}),
            text: body.text,
          },
        });
      case 'sendPhoto':
        return send(response, 200, {
          ok: true,
          result: { ...message, photo: [{ file_id: 'AgAC-foto', width: 90, height: 90 }] },
        });
      case 'sendDocument':
        return send(response, 200, {
          ok: true,
          result: { ...message, document: { file_id: 'BQAC-doc', file_name: 'boleto.pdf' } },
        });
      case 'deleteMessage':
        return send(response, 200, { ok: true, result: true });
      case 'getChat':
        return send(response, 200, { ok: true, result: { ...chat, title: 'Vendas' } });
      default:
        return fail(response, 404, 'Not Found');
    }
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => answer(request, Buffer.concat(chunks).toString('utf8'), response));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    calls,
    get webhook() {
      return state.webhook;
    },
    refuseNextWebhook: (description) => {
      refusal = description;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
