import { createHmac } from 'node:crypto';
import { safeEqual } from '../../nodes/triggers/webhook-trigger/webhook-auth';
import {
  defineConnectorTrigger,
  headerOf,
  type HookDelivery,
  type HookEvent,
} from '../kit/define-connector-trigger';
import type { ServiceAccount } from '../../ports';
import { slackConnector } from './slack.connector';

/**
 * Slack's Events API (https://api.slack.com/apis/events-api): Slack POSTs JSON to the address
 * set in the app's 'Event Subscriptions', signed (https://api.slack.com/authentication/verifying-requests-from-slack)
 * with `X-Slack-Signature: v0=<hex HMAC-SHA256 of "v0:{X-Slack-Request-Timestamp}:{raw body}">`
 * keyed by the app's signing secret. It first confirms the address with a `url_verification`
 * body whose `challenge` the answer must echo; then each event comes as an `event_callback`
 * with a unique `event_id`, retried up to 3 times (`X-Slack-Retry-Num`) when the answer fails
 * or takes more than 3 s.
 */

/** Deliveries older or newer than this are refused (Slack's advice against replays). */
export const slackMaxSkewMs = 5 * 60 * 1000;

type Body = Record<string, unknown>;

/** Whether the delivery is signed with the account's signing secret, within 5 minutes. */
function signed(delivery: HookDelivery, secret: string): boolean {
  const timestamp = headerOf(delivery, 'x-slack-request-timestamp');
  const seconds = Number(timestamp);
  if (!timestamp || !Number.isInteger(seconds)) return false;
  if (Math.abs(delivery.receivedAt.getTime() - seconds * 1000) > slackMaxSkewMs) return false;
  const signature = headerOf(delivery, 'x-slack-signature');
  if (!signature.startsWith('v0=')) return false;
  const expected = createHmac('sha256', secret)
    .update(`v0:${timestamp}:`)
    .update(delivery.rawBody)
    .digest('hex');
  return safeEqual(signature.slice(3).toLowerCase(), expected);
}

const secretOf = (account: ServiceAccount) => String(account.data.signing_secret ?? '').trim();

function parsed(delivery: HookDelivery): Body | undefined {
  try {
    const body: unknown = JSON.parse(delivery.rawBody.toString('utf8'));
    return body && typeof body === 'object' ? (body as Body) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Message subtypes that are what people wrote: a plain message, one with a file, a thread reply
 * also sent to the channel. The others (edits, deletions, joins, topic changes, bot messages)
 * are noise for a flow that reacts to messages.
 */
const peopleSubtypes = new Set([undefined, 'file_share', 'thread_broadcast']);

/** The event's name in the node's 'Eventos', or undefined when it is not one it offers. */
function eventName(event: Body): string | undefined {
  switch (event.type) {
    case 'message':
      // A bot's message (this app's own included) would loop a flow that answers messages.
      if (event.bot_id || !peopleSubtypes.has(event.subtype as string | undefined)) return;
      return 'message';
    case 'app_mention':
      return 'app_mention';
    case 'reaction_added':
      return 'reaction_added';
    default:
      return undefined;
  }
}

/** The channel an event happened in (a reaction's is its item's). */
function channelOf(event: Body): string {
  const item = event.item as Body | undefined;
  return String(event.channel ?? item?.channel ?? '');
}

const slackHook = defineConnectorTrigger({
  service: 'slack',
  label: 'Slack (gatilho)',
  description:
    'Inicia o flow a cada mensagem, menção ao app ou reação em canais do Slack (Events API).',
  icon: 'brand-slack',
  accountTypes: ['slack_oauth2'],
  params: {
    channel: {
      type: 'text',
      label: 'Canal',
      description: 'Vazio: eventos de todos os canais em que o app está. Preenchido: só deste.',
      lookup: { name: 'channels' },
    },
  },
  hook: {
    eventLabels: { message: 'Mensagens', app_mention: 'Menções ao app', reaction_added: 'Reações' },
    handshake(delivery, account) {
      if (delivery.method !== 'POST') return undefined;
      const body = parsed(delivery);
      if (body?.type !== 'url_verification') return undefined;
      // Unsigned or badly signed: not answered here, so the signature check refuses it.
      const secret = secretOf(account);
      if (!secret || !signed(delivery, secret)) return undefined;
      return { status: 200, body: String(body.challenge ?? '') };
    },
    verify(delivery, account) {
      const secret = secretOf(account);
      if (!secret)
        return `A conta "${account.name}" não tem o signing secret do app do Slack para conferir a assinatura.`;
      return signed(delivery, secret);
    },
    events(body, _account, params) {
      const delivery = (body ?? {}) as Body;
      if (delivery.type !== 'event_callback') return [];
      const event = (delivery.event ?? {}) as Body;
      const name = eventName(event);
      if (!name) return [];
      const wanted = String(params.channel ?? '').trim();
      if (wanted && channelOf(event) !== wanted) return [];
      const id = typeof delivery.event_id === 'string' ? delivery.event_id : undefined;
      const payload = {
        ...event,
        event_id: delivery.event_id,
        event_time: delivery.event_time,
        team_id: delivery.team_id,
      };
      const found: HookEvent = { event: name, payload, ...(id ? { key: id } : {}) };
      return [found];
    },
  },
});

/** The trigger, its 'Canal' picker served by the connector's `channels` lookup. */
export const slackTrigger = { ...slackHook, lookupOptions: slackConnector.lookupOptions };
