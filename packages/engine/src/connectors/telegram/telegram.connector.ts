import {
  defineConnector,
  type ConnectorDeclaration,
  type ConnectorResponse,
} from '../kit/define-connector';

/**
 * Telegram Bot API (https://core.telegram.org/bots/api): `POST {base}/bot<token>/<method>`
 * with a JSON body; every answer is `{ok, result}` or `{ok: false, error_code, description,
 * parameters: {retry_after}}`.
 */

export const answer = (response: ConnectorResponse) =>
  (response.body && typeof response.body === 'object' ? response.body : {}) as {
    ok?: boolean;
    result?: unknown;
    description?: unknown;
    parameters?: { retry_after?: unknown };
  };

/** Telegram's descriptions people meet most, in pt-BR and naming the field. */
const known: [RegExp, string][] = [
  [/chat not found/i, 'o Telegram não encontrou o chat de "ID do chat"'],
  [/message text is empty/i, 'o "Texto" está vazio'],
  [
    /message to (edit|delete) not found|message can't be (edited|deleted)/i,
    'o Telegram não encontrou (ou não pode mudar) a mensagem de "ID da mensagem"',
  ],
  [
    /wrong file identifier|failed to get HTTP URL content|wrong remote file/i,
    'o Telegram não conseguiu obter o arquivo informado',
  ],
  [/can't parse entities/i, 'o texto não segue a "Formatação" escolhida'],
  [/bot was blocked by the user/i, 'a pessoa bloqueou o bot'],
  [/not enough rights|have no rights/i, 'o bot não tem permissão para isso nesse chat'],
];

function errorMessage(response: ConnectorResponse): string | undefined {
  if (response.status === 401) return 'O Telegram recusou o token do bot da conta de serviço.';
  const description = answer(response).description;
  if (typeof description !== 'string' || !description) return undefined;
  const hit = known.find(([pattern]) => pattern.test(description));
  return hit
    ? `O Telegram recusou a chamada: ${hit[1]} (${description}).`
    : `O Telegram recusou a chamada: ${description}.`;
}

const parseMode = (params: Record<string, unknown>) =>
  params.parse_mode && params.parse_mode !== 'none' ? { parse_mode: params.parse_mode } : {};

const silent = (params: Record<string, unknown>) =>
  params.disable_notification ? { disable_notification: true } : {};

const post = (method: string, json: Record<string, unknown>) => ({
  method: 'POST' as const,
  path: method,
  json,
});

/** A photo or document by URL or file_id, with its caption: the same call but its method. */
const sendFile = (resource: string, method: string, field: 'photo' | 'document') => ({
  resource,
  action: 'Enviar',
  params: ['chat_id', field, 'caption', 'parse_mode', 'disable_notification'],
  request: (p: Record<string, unknown>) =>
    post(method, {
      chat_id: p.chat_id,
      [field]: p[field],
      ...(p.caption ? { caption: p.caption } : {}),
      ...parseMode(p),
      ...silent(p),
    }),
});

/** The Bot API's own address; an account's 'URL da API' replaces it. */
export const telegramApiUrl = 'https://api.telegram.org';

/** The connector's declaration: its trigger registers its address through the same calls. */
export const telegramDeclaration: ConnectorDeclaration = {
  service: 'telegram',
  label: 'Telegram',
  description: 'Envia mensagens, fotos e documentos por um bot do Telegram.',
  icon: 'brand-telegram',
  accountTypes: ['telegram_bot'],
  baseUrl: telegramApiUrl,
  params: {
    chat_id: {
      type: 'text',
      label: 'ID do chat',
      required: true,
      placeholder: '-1001234567890 ou @meucanal',
      description: 'O número do chat, grupo ou canal, ou o @nome de um canal público.',
    },
    text: { type: 'textarea', label: 'Texto', required: true },
    photo: {
      type: 'text',
      label: 'Foto',
      required: true,
      placeholder: 'https://exemplo.com.br/foto.jpg',
      description: 'Uma URL pública ou o file_id de uma foto que o Telegram já tem.',
    },
    document: {
      type: 'text',
      label: 'Documento',
      required: true,
      placeholder: 'https://exemplo.com.br/boleto.pdf',
      description: 'Uma URL pública ou o file_id de um arquivo que o Telegram já tem.',
    },
    caption: { type: 'textarea', label: 'Legenda' },
    message_id: { type: 'number', label: 'ID da mensagem', required: true, min: 1 },
    parse_mode: {
      type: 'select',
      label: 'Formatação',
      default: 'none',
      options: [
        { label: 'Texto simples', value: 'none' },
        { label: 'HTML', value: 'HTML' },
        { label: 'MarkdownV2', value: 'MarkdownV2' },
      ],
    },
    disable_notification: { type: 'boolean', label: 'Enviar sem som', default: false },
  },
  operations: {
    send_message: {
      resource: 'Mensagem',
      action: 'Enviar',
      params: ['chat_id', 'text', 'parse_mode', 'disable_notification'],
      request: (p) =>
        post('sendMessage', { chat_id: p.chat_id, text: p.text, ...parseMode(p), ...silent(p) }),
    },
    edit_message: {
      resource: 'Mensagem',
      action: 'Editar texto',
      params: ['chat_id', 'message_id', 'text', 'parse_mode'],
      request: (p) =>
        post('editMessageText', {
          chat_id: p.chat_id,
          message_id: p.message_id,
          text: p.text,
          ...parseMode(p),
        }),
    },
    delete_message: {
      resource: 'Mensagem',
      action: 'Apagar',
      params: ['chat_id', 'message_id'],
      request: (p) => post('deleteMessage', { chat_id: p.chat_id, message_id: p.message_id }),
    },
    send_photo: sendFile('Foto', 'sendPhoto', 'photo'),
    send_document: sendFile('Documento', 'sendDocument', 'document'),
    get_chat: {
      resource: 'Chat',
      action: 'Consultar',
      params: ['chat_id'],
      request: (p) => post('getChat', { chat_id: p.chat_id }),
    },
  },
  authorize(account, request) {
    const token = String(account.data.bot_token ?? '');
    if (!token) throw new Error(`A conta "${account.name}" não tem o token do bot.`);
    // The token goes in the path, before the method: {base}/bot<token>/<method>.
    request.url.pathname = request.url.pathname.replace(/\/([^/]*)$/, `/bot${token}/$1`);
  },
  errorMessage,
  result: (response) => answer(response).result,
  retryAfterMs(response) {
    const seconds = Number(answer(response).parameters?.retry_after);
    return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
  },
};

export const telegramConnector = defineConnector(telegramDeclaration);
