import { safeEqual } from '../../nodes/triggers/webhook-trigger/webhook-auth';
import { defineConnectorTrigger, headerOf, type HookEvent } from '../kit/define-connector-trigger';
import { answer, telegramDeclaration } from './telegram.connector';

/**
 * Telegram's webhooks (https://core.telegram.org/bots/api#setwebhook): Ponte registers the
 * node's address with `setWebhook` when the flow is enabled, giving a `secret_token` that
 * Telegram sends back in `X-Telegram-Bot-Api-Secret-Token` on every delivery, and the
 * `allowed_updates` of 'Eventos'; `deleteWebhook` removes it. Each delivery is one Update
 * (https://core.telegram.org/bots/api#update) with its `update_id` and exactly one of its kinds.
 * A bot has one webhook: another flow (or service) registering the same bot takes its place.
 */

/** The Update kinds the trigger offers, in 'Eventos'. */
const eventLabels = {
  message: 'Mensagens',
  edited_message: 'Mensagens editadas',
  callback_query: 'Cliques em botões (callback_query)',
  channel_post: 'Publicações em canais',
};

type Update = Record<string, unknown>;

/** The Update kinds 'Eventos' asks Telegram for. */
function allowedUpdates(params: Record<string, unknown>): string[] {
  const wanted = String(params.events || 'all');
  return wanted in eventLabels ? [wanted] : Object.keys(eventLabels);
}

export const telegramTrigger = defineConnectorTrigger({
  service: 'telegram',
  label: 'Telegram (gatilho)',
  description:
    'Inicia o flow a cada mensagem, edição, clique em botão ou publicação em canal que o bot recebe.',
  icon: 'brand-telegram',
  accountTypes: ['telegram_bot'],
  hook: {
    eventLabels,
    verify(delivery, _account, registration) {
      if (!registration?.secret)
        return 'O gatilho não está registrado no Telegram: ative o flow novamente.';
      return safeEqual(headerOf(delivery, 'x-telegram-bot-api-secret-token'), registration.secret);
    },
    events(body) {
      const update = (body && typeof body === 'object' ? body : {}) as Update;
      const kind = Object.keys(eventLabels).find((name) => update[name] !== undefined);
      if (!kind) return [];
      const id = update.update_id;
      const event: HookEvent = {
        event: kind,
        payload: update,
        ...(typeof id === 'number' ? { key: String(id) } : {}),
      };
      return [event];
    },
  },
  subscription: {
    connector: telegramDeclaration,
    async create({ address, secret, params }, send) {
      await send({
        method: 'POST',
        path: 'setWebhook',
        json: { url: address, secret_token: secret, allowed_updates: allowedUpdates(params) },
      });
      // A bot has one webhook and Telegram gives it no id: the address names it.
      return address;
    },
    async remove({ id }, send) {
      // Removed only while it is still the one registered (`id` is its address): another flow
      // may have taken the bot since.
      const info = await send({ method: 'POST', path: 'getWebhookInfo', json: {} });
      const current = (answer(info).result as { url?: unknown } | undefined)?.url;
      if (current !== id) return;
      await send({ method: 'POST', path: 'deleteWebhook', json: {} });
    },
  },
});
