import { createHmac } from 'node:crypto';
import { safeEqual } from '../../nodes/triggers/webhook-trigger/webhook-auth';
import { defineConnectorTrigger, headerOf, type HookEvent } from '../kit/define-connector-trigger';
import { trelloConnector, trelloDeclaration } from './trello.connector';

/**
 * Trello's webhooks (https://developer.atlassian.com/cloud/trello/guides/rest-api/webhooks/,
 * https://developer.atlassian.com/cloud/trello/rest/api-group-webhooks/): Ponte registers the
 * node's address for the chosen board with `POST /1/webhooks` when the flow is enabled (Trello
 * first checks the address with a HEAD request and wants 200) and removes it with
 * `DELETE /1/webhooks/{id}`. Each delivery is `{action, model}`, signed in `X-Trello-Webhook`
 * with base64(HMAC-SHA1(the app's secret, raw body + the registered address)).
 */

/** The actions the trigger offers, in 'Eventos' (a move is Trello's updateCard with listAfter). */
const eventLabels = {
  createCard: 'Cartão criado',
  updateCard: 'Cartão atualizado',
  moveCard: 'Cartão movido',
  commentCard: 'Comentário em cartão',
  addMemberToCard: 'Membro adicionado ao cartão',
};

type Action = Record<string, unknown> & { data?: Record<string, unknown> };

/** The event of an action: a card changing lists is 'moveCard', not 'updateCard'. */
function eventOf(action: Action): string | undefined {
  const type = String(action.type ?? '');
  if (type === 'updateCard' && action.data?.listAfter) return 'moveCard';
  return type in eventLabels ? type : undefined;
}

/** Whether `signature` is Trello's signature of the delivery for `address` with `secret`. */
export function trelloSignatureMatches(
  rawBody: Buffer,
  address: string,
  secret: string,
  signature: string,
): boolean {
  const expected = createHmac('sha1', secret)
    .update(Buffer.concat([rawBody, Buffer.from(address, 'utf8')]))
    .digest('base64');
  return safeEqual(signature, expected);
}

const trelloHook = defineConnectorTrigger({
  service: 'trello',
  label: 'Trello (gatilho)',
  description:
    'Inicia o flow quando um cartão do quadro é criado, atualizado, movido, comentado ou recebe um membro.',
  icon: 'brand-trello',
  accountTypes: ['trello_oauth2'],
  params: {
    board: {
      type: 'text',
      label: 'Quadro',
      required: true,
      placeholder: '5f1a2b3c4d5e6f7a8b9c0d1e',
      description: 'O quadro cujos cartões o gatilho acompanha (o ID, ou escolha na lista).',
      lookup: { name: 'boards' },
    },
  },
  hook: {
    eventLabels,
    // Signed with the 'Segredo' of the Power-Up the account was authorised with (docs/adr/0093).
    verify(delivery, _account, registration) {
      if (!registration?.address)
        return 'O gatilho não está registrado no Trello: ative o flow novamente.';
      if (!registration.appSecret)
        return 'O segredo do app do Trello não está definido (no app OAuth do Trello do workspace, ou em PONTE_OAUTH_TRELLO_API_SECRET): sem ele, o Ponte não confere as entregas do Trello.';
      return trelloSignatureMatches(
        delivery.rawBody,
        registration.address,
        registration.appSecret,
        headerOf(delivery, 'x-trello-webhook'),
      );
    },
    events(body) {
      const action = (body as { action?: Action } | null)?.action;
      if (!action || typeof action !== 'object') return [];
      const event = eventOf(action);
      if (!event) return [];
      const { id, type, date, data, memberCreator } = action;
      const found: HookEvent = {
        event,
        payload: { id, type, date, data, memberCreator },
        ...(typeof id === 'string' && id ? { key: id } : {}),
      };
      return [found];
    },
  },
  subscription: {
    connector: trelloDeclaration,
    async create({ address, params }, send) {
      const board = String(params.board ?? '').trim();
      if (!board) throw new Error('Preencha "Quadro".');
      const response = await send({
        method: 'POST',
        path: 'webhooks',
        query: { callbackURL: address, idModel: board, description: 'Ponte: gatilho do flow' },
      });
      const id = (response.body as { id?: unknown } | null)?.id;
      if (typeof id !== 'string' || !id)
        throw new Error('O Trello não devolveu o ID do webhook criado.');
      return id;
    },
    async remove({ id }, send) {
      await send({ method: 'DELETE', path: `webhooks/${encodeURIComponent(id)}` });
    },
  },
});

/** The trigger, its 'Quadro' picker served by the connector's `boards` lookup. */
export const trelloTrigger = { ...trelloHook, lookupOptions: trelloConnector.lookupOptions };
