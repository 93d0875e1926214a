import { createHmac } from 'node:crypto';
import type { ParamSpec } from '@ponte/shared/flow/node-manifest.schema';
import { defineNode, type NodeDefinition, type ParamSpecInput } from '../../kit/define-node';
import type { HookDelivery, HookSubscriptions, ServiceHook } from '../../kit/service-hook';
import { safeEqual } from '../../nodes/triggers/webhook-trigger/webhook-auth';
import { sendConnectorRequest } from './connector-http';
import { accountParam, openCall } from './define-connector';
import type { ConnectorDeclaration, ConnectorRequest, ConnectorResponse } from './connector-types';

export type * from '../../kit/service-hook';

export interface ConnectorTriggerDeclaration {
  /** The connector's service: the node type is `svc_<service>_trigger`. */
  service: string;
  /** 'WhatsApp (gatilho)'. */
  label: string;
  description: string;
  icon: string;
  /** The account types whose secret checks the deliveries. */
  accountTypes: string[];
  /** The trigger's own params after 'Eventos' (a channel to listen to); `events` gets them. */
  params?: Record<string, ParamSpecInput>;
  hook: ServiceHook;
  /** Present when the service takes its addresses by API (Telegram's `setWebhook`). */
  subscription?: HookSubscriptionDeclaration;
}

/** One call to the service through the connector: same account, guard, waits and refusals. */
export type HookSend = (request: ConnectorRequest) => Promise<ConnectorResponse>;

/**
 * How a trigger registers its address at the service and removes it (docs/adr/0091), written
 * as the calls to make: each goes through `send`, that is through the connector's account,
 * network guard, waits and pt-BR refusals.
 */
export interface HookSubscriptionDeclaration {
  /** The connector whose base URL, authorization and refusals the calls use. */
  connector: ConnectorDeclaration;
  /** Registers `address` (with `secret` when the service takes one); gives the service's id. */
  create(
    target: { address: string; secret: string; params: Record<string, unknown> },
    send: HookSend,
  ): Promise<string>;
  /** Removes the registration `id` of `address`. */
  remove(
    target: { id: string; address: string; params: Record<string, unknown> },
    send: HookSend,
  ): Promise<void>;
}

/** The registration's calls, each through the account of the node (`openCall`). */
function hookSubscriptions(declaration: HookSubscriptionDeclaration): HookSubscriptions {
  const sender = async (request: Parameters<HookSubscriptions['subscribe']>[0]) => {
    const call = await openCall(declaration.connector, request.accountId, request);
    return (next: ConnectorRequest) => sendConnectorRequest(call, next);
  };
  return {
    async subscribe(request) {
      const { address, secret, params } = request;
      return declaration.create({ address, secret, params }, await sender(request));
    },
    async unsubscribe(request, id) {
      const { address, params } = request;
      await declaration.remove({ id, address, params }, await sender(request));
    },
  };
}

/** The header's value (the first, when repeated), or ''. */
export function headerOf(delivery: HookDelivery, name: string): string {
  const value = delivery.headers[name.toLowerCase()];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/**
 * Whether `signature` is the hex HMAC-SHA256 of the raw body with `secret` (after an optional
 * prefix such as `sha256=`), compared in constant time.
 */
export function hmacMatches(
  delivery: HookDelivery,
  secret: string,
  signature: string,
  prefix = '',
): boolean {
  if (!signature.startsWith(prefix)) return false;
  const expected = createHmac('sha256', secret).update(delivery.rawBody).digest('hex');
  return safeEqual(signature.slice(prefix.length).toLowerCase(), expected);
}

/**
 * A service connector's trigger (docs/adr/0091): a node whose address the service calls. The
 * server answers the service's handshake, checks each delivery's signature with the account's
 * secret, and starts one execution per event the node's 'Eventos' keeps, with the event as
 * `msg.payload` and its name as `msg.event`.
 */
export function defineConnectorTrigger(declaration: ConnectorTriggerDeclaration): NodeDefinition {
  const events = Object.entries(declaration.hook.eventLabels);
  const node = defineNode({
    type: `svc_${declaration.service}_trigger`,
    version: 1,
    category: 'trigger',
    label: declaration.label,
    description: declaration.description,
    icon: declaration.icon,
    params: {
      service_account: accountParam(
        declaration.accountTypes,
        declaration.subscription
          ? 'A conta pela qual o Ponte registra o endereço do gatilho no serviço quando o flow é ativado.'
          : 'A conta cujo segredo confere a assinatura de cada entrega. O endereço a informar ao serviço é /engine/hooks/{id do flow}/{id do nó}.',
      ),
      events: {
        type: 'select',
        label: 'Eventos',
        default: 'all',
        options: [
          { label: 'Todos', value: 'all' },
          ...events.map(([value, label]) => ({ value, label })),
        ],
      },
      ...declaration.params,
    } as Record<string, ParamSpec>,
    outputs: { default: { label: 'Saída' } },
    ...(declaration.subscription ? { registersHook: true } : {}),
    /** The server passes `{payload: the event, event: its name}`. */
    async run({ input }) {
      return { output: 'default', msg: input };
    },
  });
  return {
    ...node,
    serviceHook: declaration.hook,
    ...(declaration.subscription
      ? { hookSubscriptions: hookSubscriptions(declaration.subscription) }
      : {}),
  };
}

/** Whether the node's 'Eventos' keeps an event. */
export function eventKept(params: Record<string, unknown>, event: string): boolean {
  const wanted = String(params.events || 'all');
  return wanted === 'all' || wanted === event;
}
