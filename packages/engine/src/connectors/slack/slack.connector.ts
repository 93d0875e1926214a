import type { LookupOption } from '@ponte/shared/flow/node-manifest.schema';
import { defineConnector } from '../kit/define-connector';
import type { ConnectorPaging, ConnectorRequest, ConnectorResponse } from '../kit/define-connector';
import { slackErrorMessage } from './slack-errors';

/**
 * Slack's Web API (https://api.slack.com/methods, https://api.slack.com/web): each method is a
 * path under https://slack.com/api with the bot token in `Authorization: Bearer`; writes take a
 * JSON body (`application/json; charset=utf-8`), the upload methods a form. Every answer is
 * HTTP 200 with `{ok: true, …}` or `{ok: false, error}`; a rate limit is 429 with Retry-After
 * (https://api.slack.com/apis/rate-limits). Listings page with `cursor` and
 * `response_metadata.next_cursor` (https://api.slack.com/apis/pagination).
 */

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8' };
const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };

type Body = Record<string, unknown>;
const bodyOf = (response: ConnectorResponse) => (response.body ?? {}) as Body;
const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** The blocks param: a JSON array (or `{blocks: [...]}` as Block Kit Builder copies it). */
function blocksOf(value: unknown): unknown[] | undefined {
  if (value === undefined || value === null || String(value).trim() === '') return undefined;
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new Error('Slack: o campo "Blocos" não é um JSON válido.');
    }
  }
  if (parsed && !Array.isArray(parsed) && Array.isArray((parsed as Body).blocks))
    parsed = (parsed as Body).blocks;
  if (!Array.isArray(parsed))
    throw new Error('Slack: o campo "Blocos" deve ser uma lista de blocos (um array JSON).');
  return parsed;
}

/** Where a message goes: the channel, or the person picked for a direct message. */
function channelOf(params: Body): string {
  const channel = text(params.channel).trim() || text(params.user).trim();
  if (!channel) throw new Error('Slack: informe o "Canal" ou o "Usuário" da mensagem.');
  return channel;
}

function message(params: Body): Body {
  const blocks = blocksOf(params.blocks);
  return {
    ...(text(params.text) ? { text: text(params.text) } : {}),
    ...(blocks ? { blocks } : {}),
  };
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** Cursor paging of a GET listing: the next page while `next_cursor` is not empty. */
function cursorPaging(items: (body: Body) => unknown[]): ConnectorPaging {
  return {
    items: (response) => items(bodyOf(response)),
    next: (request, response) => {
      const metadata = bodyOf(response).response_metadata as Body | undefined;
      const cursor = text(metadata?.next_cursor);
      return cursor ? { ...request, query: { ...request.query, cursor } } : null;
    },
  };
}

const list = (key: string) => (body: Body) =>
  Array.isArray(body[key]) ? (body[key] as unknown[]) : [];

const channelsRequest = (): ConnectorRequest => ({
  method: 'GET',
  path: 'conversations.list',
  query: { types: 'public_channel,private_channel', exclude_archived: 'true', limit: 200 },
});
const usersRequest = (): ConnectorRequest => ({
  method: 'GET',
  path: 'users.list',
  query: { limit: 200 },
});

function channelOptions(response: ConnectorResponse): LookupOption[] {
  return (list('channels')(bodyOf(response)) as Body[]).map((channel) => ({
    value: text(channel.id),
    label: `${channel.is_private ? '🔒' : '#'}${text(channel.name)}`,
  }));
}

/** People only: bots and deactivated accounts cannot get a direct message. */
function userOptions(response: ConnectorResponse): LookupOption[] {
  return (list('members')(bodyOf(response)) as Body[])
    .filter((user) => !user.deleted && !user.is_bot && user.id !== 'USLACKBOT')
    .map((user) => {
      const profile = (user.profile ?? {}) as Body;
      const name = text(profile.real_name) || text(user.real_name) || text(user.name);
      return { value: text(user.id), label: name, description: `@${text(user.name)}` };
    });
}

export const slackConnector = defineConnector({
  service: 'slack',
  label: 'Slack',
  description:
    'Envia, atualiza e responde mensagens com blocos e envia arquivos a canais do Slack.',
  icon: 'brand-slack',
  accountTypes: ['slack_oauth2'],
  baseUrl: 'https://slack.com/api',
  params: {
    channel: {
      type: 'text',
      label: 'Canal',
      description: 'O ID do canal (C…). Para uma mensagem direta, deixe vazio e escolha o usuário.',
      lookup: { name: 'channels' },
    },
    user: {
      type: 'text',
      label: 'Usuário',
      description:
        'Para uma mensagem direta: o ID da pessoa (U…), usado quando o canal está vazio.',
      lookup: { name: 'users' },
    },
    text: {
      type: 'textarea',
      label: 'Texto',
      description:
        'Em mrkdwn do Slack. Com blocos, é o texto das notificações; sem blocos, é obrigatório.',
    },
    blocks: {
      type: 'code-editor',
      language: 'json',
      label: 'Blocos',
      description:
        'Uma lista de blocos do Block Kit em JSON (monte no Block Kit Builder: https://app.slack.com/block-kit-builder).',
    },
    thread_ts: {
      type: 'text',
      label: 'Conversa (thread_ts)',
      required: true,
      description:
        'O ts da mensagem que abre a conversa (msg.payload.ts de um envio ou do gatilho).',
    },
    ts: {
      type: 'text',
      label: 'Mensagem (ts)',
      required: true,
      description: 'O ts da mensagem a atualizar.',
    },
    reply_broadcast: {
      type: 'boolean',
      label: 'Mostrar também no canal',
      default: false,
    },
    filename: { type: 'text', label: 'Nome do arquivo', required: true },
    content: {
      type: 'textarea',
      label: 'Conteúdo do arquivo',
      required: true,
      description: 'O texto do arquivo (CSV, JSON, um relatório).',
    },
    title: { type: 'text', label: 'Título' },
    initial_comment: { type: 'textarea', label: 'Comentário' },
  },
  operations: {
    post: {
      resource: 'Mensagem',
      action: 'Enviar',
      params: ['channel', 'user', 'text', 'blocks'],
      request: (p) => ({
        method: 'POST',
        path: 'chat.postMessage',
        headers: jsonHeaders,
        json: { channel: channelOf(p), ...message(p) },
      }),
    },
    reply: {
      resource: 'Mensagem',
      action: 'Responder em conversa',
      params: ['channel', 'thread_ts', 'text', 'blocks', 'reply_broadcast'],
      request: (p) => ({
        method: 'POST',
        path: 'chat.postMessage',
        headers: jsonHeaders,
        json: {
          channel: channelOf(p),
          thread_ts: text(p.thread_ts),
          ...message(p),
          ...(p.reply_broadcast ? { reply_broadcast: true } : {}),
        },
      }),
    },
    update: {
      resource: 'Mensagem',
      action: 'Atualizar',
      params: ['channel', 'ts', 'text', 'blocks'],
      request: (p) => ({
        method: 'POST',
        path: 'chat.update',
        headers: jsonHeaders,
        json: { channel: channelOf(p), ts: text(p.ts), ...message(p) },
      }),
    },
    upload: {
      resource: 'Arquivo',
      action: 'Enviar',
      params: ['channel', 'filename', 'content', 'title', 'initial_comment'],
      // https://api.slack.com/messaging/files#uploading_files: ask an address, POST the bytes
      // there, then complete the upload sharing it to the channel.
      request: (p) => {
        channelOf(p);
        return {
          method: 'POST',
          path: 'files.getUploadURLExternal',
          headers: formHeaders,
          body: form({
            filename: text(p.filename),
            length: String(new TextEncoder().encode(text(p.content)).length),
          }),
        };
      },
      async followUp(first, p, send) {
        const { upload_url, file_id } = bodyOf(first) as { upload_url: string; file_id: string };
        await send({
          method: 'POST',
          path: upload_url,
          headers: { 'content-type': 'application/octet-stream' },
          body: text(p.content),
        });
        const file = { id: file_id, ...(text(p.title) ? { title: text(p.title) } : {}) };
        const completed = await send({
          method: 'POST',
          path: 'files.completeUploadExternal',
          headers: formHeaders,
          body: form({
            files: JSON.stringify([file]),
            channel_id: channelOf(p),
            ...(text(p.initial_comment) ? { initial_comment: text(p.initial_comment) } : {}),
          }),
        });
        return bodyOf(completed);
      },
    },
  },
  lookups: {
    channels: {
      request: channelsRequest,
      options: channelOptions,
      paging: cursorPaging(list('channels')),
    },
    users: { request: usersRequest, options: userOptions, paging: cursorPaging(list('members')) },
  },
  async authorize(_account, request, context) {
    request.headers.authorization = `Bearer ${await context.accessToken()}`;
  },
  // Slack answers its refusals with 200 and `ok: false`; the upload address answers plain text.
  failure: (response) =>
    response.status < 200 ||
    response.status >= 300 ||
    (typeof response.body === 'object' && response.body !== null && bodyOf(response).ok === false),
  errorMessage: slackErrorMessage,
});
