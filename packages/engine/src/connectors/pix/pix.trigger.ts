import { safeEqual } from '../../nodes/triggers/webhook-trigger/webhook-auth';
import { defineConnectorTrigger, type HookEvent } from '../kit/define-connector-trigger';
import { pixApiDeclaration } from './pix-api.declaration';

/**
 * 'Pix recebido' (docs/adr/0117): the Pix API's webhook (https://github.com/bacen/pix-api,
 * openapi.yaml v2.9.0, `PUT /webhook/{chave}` and its callback `listaPix`). When the flow is
 * enabled Ponte registers `{webhookUrl}` for the node's key; the PSP then posts
 * `{pix: [...]}` to `<webhookUrl>/pix` for every Pix with a txid received on that key (and
 * when a refund of one ends: the event 'devolucao'). Disabling the flow deletes the webhook while it is still ours.
 *
 * Authenticity: the specification has the PSP call with mutual TLS, which a reverse proxy in
 * front of Ponte verifies; Ponte cannot see it, so the registered address carries a secret
 * generated per registration (`?token=`), compared in constant time.
 */

/** The query parameter that carries the registration's secret. */
export const pixHookTokenParam = 'token';

/**
 * The address registered at the PSP: the node's address with the secret as a query parameter.
 * A PSP that appends `/pix` to the path calls `<address>/pix?token=…` (the route takes that
 * suffix); one that appends it to the text calls `<address>?token=…/pix` (the suffix is
 * dropped from the token).
 */
export const pixWebhookUrl = (address: string, secret: string) =>
  `${address}?${pixHookTokenParam}=${encodeURIComponent(secret)}`;

type PixItem = Record<string, unknown>;

/** The Pix's refunds: an array in the schema `Pix`, a single object in the example `pixWebhook1`. */
function refundsOf(pix: PixItem): PixItem[] {
  const refunds = pix.devolucoes;
  if (Array.isArray(refunds))
    return refunds.filter((r): r is PixItem => !!r && typeof r === 'object');
  return refunds && typeof refunds === 'object' ? [refunds as PixItem] : [];
}

/**
 * One notification as an event. The callback `listaPix` fires when a Pix is received and again
 * when one of its refunds reaches DEVOLVIDO or NAO_REALIZADO, the item then carrying
 * `devolucoes`: a first receipt is 'pix', keyed by its endToEndId; a refund is 'devolucao',
 * keyed by the endToEndId with the id and status of each refund, so each refund state is one
 * event and never a second payment.
 */
function pixEvent(pix: PixItem): HookEvent {
  const id = typeof pix.endToEndId === 'string' ? pix.endToEndId : '';
  const refunds = refundsOf(pix);
  if (!refunds.length) return { event: 'pix', payload: pix, ...(id ? { key: id } : {}) };
  const states = refunds.map((r) => `${String(r.id ?? '')}=${String(r.status ?? '')}`);
  return { event: 'devolucao', payload: pix, ...(id ? { key: `${id}:${states.join(',')}` } : {}) };
}

export const pixTrigger = defineConnectorTrigger({
  service: 'pix',
  label: 'Pix recebido',
  description:
    'Inicia o flow a cada Pix com txid recebido na chave e a cada devolução concluída (evento Devolução), pelo webhook da API Pix do PSP.',
  icon: 'qrcode',
  accountTypes: ['pix_api'],
  params: {
    chave: {
      type: 'text',
      label: 'Chave Pix',
      required: true,
      description:
        'A chave do recebedor cujo webhook o Ponte registra no PSP ao ativar o flow (uma chave tem um webhook só).',
    },
  },
  hook: {
    eventLabels: { pix: 'Pix recebido', devolucao: 'Devolução' },
    verify(delivery, _account, registration) {
      if (!registration?.secret)
        return 'O gatilho não está registrado no PSP: ative o flow novamente.';
      const given = (delivery.query[pixHookTokenParam] ?? '').replace(/\/pix$/, '');
      return safeEqual(given, registration.secret);
    },
    events(body) {
      const list = (body as { pix?: unknown } | null)?.pix;
      if (!Array.isArray(list)) return [];
      return list
        .filter((item): item is PixItem => !!item && typeof item === 'object')
        .map(pixEvent);
    },
  },
  subscription: {
    connector: pixApiDeclaration,
    async create({ address, secret, params }, send) {
      const chave = String(params.chave ?? '').trim();
      if (!chave) throw new Error('Chave Pix: informe a chave cujo webhook o Ponte registra.');
      await send({
        method: 'PUT',
        path: `webhook/${encodeURIComponent(chave)}`,
        json: { webhookUrl: pixWebhookUrl(address, secret) },
      });
      // One webhook per key: the key names the registration.
      return chave;
    },
    async remove({ id, address }, send) {
      // Deleted only while it is still this node's address: another flow may have taken the key.
      const path = `webhook/${encodeURIComponent(id)}`;
      const current = await send({ method: 'GET', path });
      const url = (current.body as { webhookUrl?: unknown } | null)?.webhookUrl;
      if (typeof url !== 'string' || !url.startsWith(`${address}?`)) return;
      await send({ method: 'DELETE', path });
    },
  },
});
