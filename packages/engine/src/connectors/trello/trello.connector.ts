import type { LookupOption } from '@ponte/shared/flow/node-manifest.schema';
import {
  defineConnector,
  type ConnectorDeclaration,
  type ConnectorRequest,
  type ConnectorResponse,
} from '../kit/define-connector';
import { customFieldItem, customFieldTypes, trelloDate, trelloErrorMessage } from './trello-values';

/**
 * Trello's REST API (https://developer.atlassian.com/cloud/trello/rest/): every call carries
 * the app's API key and the member's token, here in `Authorization: OAuth
 * oauth_consumer_key="…", oauth_token="…"` (never in the URL, so no log shows them). Trello does
 * not page the lists of a list's cards, a member's boards or a board's lists and custom fields:
 * one call answers all of them.
 */

/** Trello's own address; an account's 'URL da API' replaces it. */
export const trelloApiUrl = 'https://api.trello.com/1';

type Params = Record<string, unknown>;

const text = (value: unknown) =>
  value === undefined || value === null ? '' : String(value as string).trim();

/** A path segment typed by a person: encoded, and required (pt-BR naming the field). */
function segment(value: unknown, field: string): string {
  const id = text(value);
  if (!id) throw new Error(`Preencha "${field}".`);
  return encodeURIComponent(id);
}

/** Ids typed separated by commas, semicolons or spaces, as Trello wants them: `a,b`. */
const ids = (value: unknown) =>
  (Array.isArray(value) ? value.map(String) : text(value).split(/[,;\s]+/))
    .map((id) => id.trim())
    .filter(Boolean)
    .join(',');

/** The card fields the create and update operations share, as Trello's query params. */
function cardFields(p: Params) {
  return {
    name: text(p.name) || undefined,
    desc: text(p.desc) || undefined,
    due: text(p.due) ? trelloDate(p.due, 'Entrega') : undefined,
    idMembers: ids(p.members) || undefined,
    idLabels: ids(p.labels) || undefined,
  };
}

const card = (p: Params) => `cards/${segment(p.card_id, 'ID do cartão')}`;

const named = (response: ConnectorResponse): LookupOption[] =>
  (Array.isArray(response.body) ? (response.body as Params[]) : []).map((item) => ({
    value: String(item.id),
    label: String(item.name ?? item.id),
  }));

const typeLabels = Object.fromEntries(customFieldTypes.map((type) => [type.value, type.label]));

/** A custom field's option, with its type (and a list's options) said under its name. */
function customFieldOption(field: Params): LookupOption {
  const options = Array.isArray(field.options) ? (field.options as Params[]) : [];
  const choices = options
    .map((option) => `${text((option.value as Params | undefined)?.text)} = ${String(option.id)}`)
    .join('; ');
  const type = typeLabels[String(field.type)] ?? String(field.type);
  return {
    value: String(field.id),
    label: String(field.name ?? field.id),
    description: choices ? `${type}: ${choices}` : type,
  };
}

const onBoard = (p: Params, path: string): ConnectorRequest => ({
  method: 'GET',
  path: `boards/${segment(p.board, 'Quadro')}/${path}`,
});

export const trelloDeclaration: ConnectorDeclaration = {
  service: 'trello',
  label: 'Trello',
  description: 'Cria, atualiza, move e comenta cartões do Trello e preenche campos personalizados.',
  icon: 'brand-trello',
  accountTypes: ['trello_oauth2'],
  baseUrl: trelloApiUrl,
  params: {
    board: {
      type: 'text',
      label: 'Quadro',
      placeholder: '5f1a2b3c4d5e6f7a8b9c0d1e',
      description: 'O quadro onde escolher a lista ou o campo (o ID, ou escolha na lista).',
      lookup: { name: 'boards' },
    },
    list: {
      type: 'text',
      label: 'Lista',
      required: true,
      placeholder: '5f1a2b3c4d5e6f7a8b9c0d1f',
      description: 'O ID da lista, ou escolha uma lista do quadro.',
      lookup: { name: 'lists', dependsOn: ['board'] },
    },
    card_id: {
      type: 'text',
      label: 'ID do cartão',
      required: true,
      placeholder: '5f1a2b3c4d5e6f7a8b9c0d20 ou AbC123xy',
      description: 'O ID do cartão ou o código curto do seu endereço (trello.com/c/<código>).',
    },
    name: { type: 'text', label: 'Nome' },
    desc: { type: 'textarea', label: 'Descrição' },
    due: {
      type: 'text',
      label: 'Entrega',
      placeholder: '31/12/2026 18:00',
      description:
        'DD/MM/AAAA, DD/MM/AAAA HH:MM ou ISO 8601, no horário de Brasília; sem hora, meio-dia.',
    },
    members: {
      type: 'text',
      label: 'Membros',
      placeholder: 'id1, id2',
      description: 'IDs de membros do quadro, separados por vírgula.',
    },
    labels: {
      type: 'text',
      label: 'Etiquetas',
      placeholder: 'id1, id2',
      description: 'IDs de etiquetas do quadro, separados por vírgula.',
    },
    comment: { type: 'textarea', label: 'Comentário', required: true },
    custom_field: {
      type: 'text',
      label: 'Campo personalizado',
      required: true,
      description: 'O ID do campo, ou escolha um campo do quadro.',
      lookup: { name: 'customFields', dependsOn: ['board'] },
    },
    custom_field_type: {
      type: 'select',
      label: 'Tipo do campo',
      default: 'text',
      options: customFieldTypes,
    },
    custom_field_value: {
      type: 'text',
      label: 'Valor do campo',
      description:
        'Texto, número (12,50), data (DD/MM/AAAA), sim/não ou o ID da opção de uma lista. Vazio, limpa o campo.',
    },
  },
  operations: {
    create_card: {
      resource: 'Cartão',
      action: 'Criar',
      params: ['board', 'list', 'name', 'desc', 'due', 'members', 'labels'],
      request: (p) => ({
        method: 'POST',
        path: 'cards',
        query: { idList: segment(p.list, 'Lista'), ...cardFields(p) },
      }),
    },
    update_card: {
      resource: 'Cartão',
      action: 'Atualizar',
      params: ['card_id', 'name', 'desc', 'due', 'members', 'labels'],
      request: (p) => ({ method: 'PUT', path: card(p), query: cardFields(p) }),
    },
    move_card: {
      resource: 'Cartão',
      action: 'Mover',
      params: ['card_id', 'board', 'list'],
      request: (p) => ({
        method: 'PUT',
        path: card(p),
        query: { idList: segment(p.list, 'Lista'), idBoard: text(p.board) || undefined },
      }),
    },
    comment_card: {
      resource: 'Cartão',
      action: 'Comentar',
      params: ['card_id', 'comment'],
      request: (p) => ({
        method: 'POST',
        path: `${card(p)}/actions/comments`,
        query: { text: text(p.comment) },
      }),
    },
    set_custom_field: {
      resource: 'Cartão',
      action: 'Definir campo personalizado',
      params: ['card_id', 'board', 'custom_field', 'custom_field_type', 'custom_field_value'],
      request: (p) => ({
        method: 'PUT',
        path: `${card(p)}/customField/${segment(p.custom_field, 'Campo personalizado')}/item`,
        json: customFieldItem(p.custom_field_type, p.custom_field_value),
      }),
    },
    get_card: {
      resource: 'Cartão',
      action: 'Consultar',
      params: ['card_id'],
      request: (p) => ({ method: 'GET', path: card(p), query: { customFieldItems: true } }),
    },
    list_cards: {
      resource: 'Cartão',
      action: 'Listar cartões de uma lista',
      params: ['board', 'list'],
      // Trello answers every open card of the list at once: there is no page to follow.
      request: (p) => ({ method: 'GET', path: `lists/${segment(p.list, 'Lista')}/cards` }),
    },
  },
  lookups: {
    boards: {
      request: () => ({
        method: 'GET',
        path: 'members/me/boards',
        query: { filter: 'open', fields: 'name' },
      }),
      options: named,
    },
    lists: {
      request: (p) => ({ ...onBoard(p, 'lists'), query: { filter: 'open', fields: 'name' } }),
      options: named,
    },
    customFields: {
      request: (p) => onBoard(p, 'customFields'),
      options: (response) =>
        (Array.isArray(response.body) ? (response.body as Params[]) : []).map(customFieldOption),
    },
  },
  refuseAccount: (account) =>
    text(account.data.access_token) && text(account.data.api_key)
      ? undefined
      : `A conta "${account.name}" ainda não foi autorizada no Trello (ou foi antes de o Ponte guardar a chave de API com o token): abra a conta e clique em "Autorizar".`,
  /**
   * Trello's tokens do not expire (asked with `expiration=never`) nor renew: the account's own
   * token is used as is, so a 401 (also a card the member cannot see) is said, not retried.
   */
  authorize(account, request) {
    const quote = (value: unknown) => text(value).replace(/["\\]/g, '');
    request.headers.authorization = `OAuth oauth_consumer_key="${quote(account.data.api_key)}", oauth_token="${quote(account.data.access_token)}"`;
  },
  errorMessage: trelloErrorMessage,
};

export const trelloConnector = defineConnector(trelloDeclaration);
