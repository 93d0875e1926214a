import { nodeManifestSchema, type ParamSpec } from '@ponte/shared/flow/node-manifest.schema';
import { defineNode, type NodeDefinition, type ParamSpecInput } from '../../kit/define-node';
import type { PollEvent, PollOutcome, PollRequest } from '../../kit/service-poll';
import type { ServiceAccount } from '../../ports';
import { sendConnectorRequest } from './connector-http';
import type { ConnectorRequest, ConnectorResponse, ConnectorService } from './connector-types';
import { accountParam, openCall } from './define-connector';

export type * from '../../kit/service-poll';

/** What a poller's functions get: the account, the node's params and the service's door. */
export interface PollerContext {
  account: ServiceAccount;
  params: Record<string, unknown>;
  /** A call through the connector's HTTP machinery (guard, signing, 401 and 429 rules). */
  call(request: ConnectorRequest): Promise<ConnectorResponse>;
  /** The poll's clock. */
  now: Date;
}

export interface ConnectorPollerDeclaration {
  /** The connector's service (its accounts, base URL, signing and refusals), shared with it. */
  connector: ConnectorService;
  /** 'Gmail: novo e-mail'. */
  label: string;
  description: string;
  icon: string;
  /** `msg.event` of every item: `message_received`. */
  event: string;
  /** The node's own params after the account, before 'Verificar a cada'. */
  params?: Record<string, ParamSpecInput>;
  /**
   * Whether the service forgets what it delivered (a queue: an SQS message is deleted once
   * taken). Such a poller keeps no cursor and every poll delivers, the first one too: what
   * waits in a queue was not seen yet. Otherwise the first poll only records the cursor.
   */
  queue?: boolean;
  /**
   * The items after `cursor`, oldest first, and the cursor to store. With `cursor` null (the
   * first poll) it finds only where the service is now: its events are dropped.
   */
  poll(context: PollerContext & { cursor: unknown }): Promise<{
    events: PollEvent[];
    cursor: unknown;
  }>;
  /** Tells the service the item was taken, once its execution was enqueued (queues). */
  settle?(context: PollerContext, event: PollEvent): Promise<void>;
}

/** 'Verificar a cada': minutes between polls, at least 1. */
export const pollMinutes = { default: 5, min: 1, max: 1440 };

/** The node's interval in ms: its default when unset or not a number, else within the bounds. */
export function pollIntervalMs(params: Record<string, unknown>): number {
  const given = params.interval === '' || params.interval == null ? NaN : Number(params.interval);
  const minutes = Number.isFinite(given) ? given : pollMinutes.default;
  return Math.min(Math.max(minutes, pollMinutes.min), pollMinutes.max) * 60_000;
}

/**
 * A service connector's polling trigger (docs/adr/0091), for services that have no webhook:
 * node type `svc_<service>_poll`. The server polls on the node's interval with the cursor the
 * last poll stored and starts one execution per new item, `{payload, event}` as its message.
 * The first poll after the flow is enabled only records the cursor (as n8n's polling
 * triggers): what existed before does not start the flow.
 */
export function defineConnectorPoller(declaration: ConnectorPollerDeclaration): NodeDefinition {
  const { connector } = declaration;
  const node = defineNode({
    type: `svc_${connector.service}_poll`,
    version: 1,
    category: 'trigger',
    label: declaration.label,
    description: declaration.description,
    icon: declaration.icon,
    params: {
      service_account: accountParam(connector.accountTypes),
      ...declaration.params,
      interval: {
        type: 'number',
        label: 'Verificar a cada',
        description: declaration.queue
          ? 'Minutos entre uma consulta e outra ao serviço.'
          : 'Minutos entre uma consulta e outra ao serviço. A primeira consulta depois de ativar o flow só marca onde o serviço está: o que já existia não inicia o flow.',
        default: pollMinutes.default,
        min: pollMinutes.min,
        max: pollMinutes.max,
      },
    } as Record<string, ParamSpec>,
    outputs: { default: { label: 'Saída' } },
    /** The server passes `{payload: the item, event: its name}`. */
    async run({ input }) {
      return { output: 'default', msg: input };
    },
  });
  return {
    ...node,
    manifest: nodeManifestSchema.parse(node.manifest),
    poller: {
      intervalMs: pollIntervalMs,
      poll: (request) => pollOnce(declaration, request),
    },
  };
}

/** One poll: the account opened and checked, the declaration's poll, the first-poll rule. */
async function pollOnce(
  declaration: ConnectorPollerDeclaration,
  request: PollRequest,
): Promise<PollOutcome> {
  const call = await openCall(declaration.connector, request.accountId, request);
  const context: PollerContext = {
    account: call.account,
    params: request.params,
    call: (next) => sendConnectorRequest(call, next),
    now: new Date(request.ports.clock.now()),
  };
  const cursor = declaration.queue ? null : request.cursor;
  const found = await declaration.poll({ ...context, cursor });
  const first = cursor === null || cursor === undefined;
  const events = first && !declaration.queue ? [] : found.events;
  const settle = declaration.settle;
  return {
    events,
    cursor: declaration.queue ? {} : found.cursor,
    ...(settle ? { settle: (event: PollEvent) => settle(context, event) } : {}),
  };
}
