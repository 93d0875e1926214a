import {
  defineConnectorTrigger,
  headerOf,
  hmacMatches,
  type HookEvent,
} from '../kit/define-connector-trigger';
import type { ServiceAccount } from '../../ports';

/**
 * Bling's webhooks (https://developer.bling.com.br/webhooks): the person sets them up in the
 * 'Webhooks' tab of the app on Bling's developer site (servers, then the resources and actions
 * each server receives, and the payload version); nothing is registered by API. Bling POSTs JSON
 * `{eventId, date, version, event: '<resource>.<action>', companyId, data}`, signed in
 * `X-Bling-Signature-256: sha256=<hex HMAC-SHA256 of the raw body>` keyed by the app's client
 * secret (the page's 'Validação do hash'), and sends an event again when the answer is not a
 * quick 2xx: `eventId` is the same across those retries.
 */

/** The events 'Eventos' offers; with 'Todos', any other event Bling sends starts the flow too. */
const eventLabels = {
  'order.created': 'Pedido de venda criado',
  'order.updated': 'Pedido de venda alterado',
  'order.deleted': 'Pedido de venda excluído',
  'product.created': 'Produto criado',
  'product.updated': 'Produto alterado',
  'product.deleted': 'Produto excluído',
  'stock.updated': 'Estoque alterado',
  'invoice.created': 'Nota fiscal criada',
  'invoice.updated': 'Nota fiscal alterada',
};

/** Bling's event names: `<resource>.<action>` in lower case (`consumer_invoice.created`). */
const eventPattern = /^[a-z_]+\.[a-z_]+$/;

/** The client secret of the Bling app, kept in the account (its 'Segredo do cliente'). */
const secretOf = (account: ServiceAccount) => String(account.data.client_secret ?? '').trim();

const refusedAccount = (account: ServiceAccount) =>
  account.type === 'oauth2' && account.data.service_type !== 'bling_erp_oauth2'
    ? `A conta "${account.name}" é OAuth2 de outro serviço: o gatilho do Bling usa uma conta OAuth2 com o serviço "Bling ERP".`
    : undefined;

type Delivery = Record<string, unknown>;

export const blingTrigger = defineConnectorTrigger({
  service: 'bling',
  label: 'Bling (gatilho)',
  description:
    'Inicia o flow a cada evento do Bling (pedidos de venda, produtos, estoque, notas fiscais). Cole o endereço do gatilho como servidor na aba "Webhooks" do seu aplicativo no portal de desenvolvedores do Bling e marque os recursos e ações.',
  icon: 'building-warehouse',
  accountTypes: ['oauth2'],
  params: {
    company_id: {
      type: 'text',
      label: 'Empresa (companyId)',
      description:
        'Vazio: eventos de todas as empresas que autorizaram o aplicativo. Preenchido: só os desta empresa (o companyId das entregas).',
    },
  },
  hook: {
    eventLabels,
    verify(delivery, account) {
      const refused = refusedAccount(account);
      if (refused) return refused;
      const secret = secretOf(account);
      if (!secret)
        return `A conta "${account.name}" não tem o segredo do cliente (client secret) do aplicativo do Bling para conferir a assinatura.`;
      return hmacMatches(delivery, secret, headerOf(delivery, 'x-bling-signature-256'), 'sha256=');
    },
    events(body, _account, params) {
      if (!body || typeof body !== 'object' || Array.isArray(body)) return [];
      const { eventId, event, date, companyId, data } = body as Delivery;
      if (typeof event !== 'string' || !eventPattern.test(event)) return [];
      const wanted = String(params.company_id ?? '').trim();
      if (wanted && String(companyId ?? '') !== wanted) return [];
      const fields = data && typeof data === 'object' && !Array.isArray(data) ? data : { data };
      const found: HookEvent = {
        event,
        payload: { ...fields, event, date },
        ...(typeof eventId === 'string' && eventId ? { key: eventId } : {}),
      };
      return [found];
    },
  },
});
