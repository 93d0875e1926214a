import { safeEqual } from '../../nodes/triggers/webhook-trigger/webhook-auth';
import {
  defineConnectorTrigger,
  headerOf,
  hmacMatches,
  type HookEvent,
} from '../kit/define-connector-trigger';

/**
 * WhatsApp Cloud API webhooks (https://developers.facebook.com/docs/graph-api/webhooks/getting-started
 * and .../whatsapp/cloud-api/webhooks/components): Meta confirms the address with a GET carrying
 * `hub.mode=subscribe`, `hub.verify_token` and `hub.challenge` (answered with the challenge), then
 * POSTs `{object: 'whatsapp_business_account', entry: [{changes: [{field: 'messages', value}]}]}`
 * signed with the app secret in `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the body>`.
 */

interface ChangeValue {
  metadata?: { phone_number_id?: string; display_phone_number?: string };
  contacts?: { wa_id?: string; profile?: { name?: string } }[];
  messages?: Record<string, unknown>[];
  statuses?: Record<string, unknown>[];
}

/** The `value` of every `messages` change of a delivery. */
function changeValues(body: unknown): ChangeValue[] {
  const entries = (body as { entry?: unknown })?.entry;
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((entry: { changes?: unknown }) =>
    (Array.isArray(entry?.changes) ? entry.changes : [])
      .filter((change: { field?: unknown }) => change?.field === 'messages')
      .map((change: { value?: unknown }) => (change.value ?? {}) as ChangeValue),
  );
}

export const whatsappTrigger = defineConnectorTrigger({
  service: 'whatsapp',
  label: 'WhatsApp (gatilho)',
  description:
    'Inicia o flow a cada mensagem recebida ou atualização de status de um número do WhatsApp Business.',
  icon: 'brand-whatsapp',
  accountTypes: ['whatsapp_cloud'],
  hook: {
    eventLabels: { message: 'Mensagens recebidas', status: 'Atualizações de status' },
    handshake(delivery, account) {
      if (delivery.method !== 'GET') return undefined;
      const expected = String(account.data.verify_token ?? '');
      const given = delivery.query['hub.verify_token'] ?? '';
      if (delivery.query['hub.mode'] !== 'subscribe' || !expected || !safeEqual(given, expected))
        return { status: 403, body: 'Token de verificação inválido.' };
      return { status: 200, body: delivery.query['hub.challenge'] ?? '' };
    },
    verify(delivery, account) {
      const secret = String(account.data.app_secret ?? '');
      if (!secret)
        return `A conta "${account.name}" não tem o segredo do aplicativo para conferir a assinatura.`;
      return hmacMatches(delivery, secret, headerOf(delivery, 'x-hub-signature-256'), 'sha256=');
    },
    events(body, account) {
      const events: HookEvent[] = [];
      const ours = String(account.data.phone_number_id ?? '').trim();
      for (const value of changeValues(body)) {
        // One Meta app may serve several numbers: the node listens to its account's.
        const number_id = value.metadata?.phone_number_id;
        if (ours && number_id && String(number_id) !== ours) continue;
        const number = {
          phone_number_id: value.metadata?.phone_number_id,
          display_phone_number: value.metadata?.display_phone_number,
        };
        for (const message of value.messages ?? []) {
          const contact = value.contacts?.find((c) => c.wa_id === message.from);
          events.push({
            event: 'message',
            payload: { ...message, contact: contact ?? null, ...number },
          });
        }
        for (const status of value.statuses ?? [])
          events.push({ event: 'status', payload: { ...status, ...number } });
      }
      return events;
    },
  },
});
