import type { EnginePorts, ExecutionScope, ServiceAccount } from '../ports';

/** What a service delivered to a trigger's address (docs/adr/0091). */
export interface HookDelivery {
  method: string;
  /** Header names in lower case. */
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, string>;
  /** The body exactly as it came: signatures are computed over these bytes. */
  rawBody: Buffer;
  /** When the server received it (signatures that carry a time are refused when old). */
  receivedAt: Date;
}

/** What the server answers the service. */
export interface HookAnswer {
  status: number;
  body: string;
}

/** One event of a delivery: it starts one execution, with `payload` as `msg.payload`. */
export interface HookEvent {
  /** One of the trigger's `events` keys. */
  event: string;
  payload: unknown;
  /**
   * The id the service keeps across its retries of the same event (Slack's `event_id`), when
   * it has one: a second delivery of an event with this key should start no other execution.
   */
  key?: string;
}

/**
 * How the server reads a service's deliveries for a trigger node: the handshake the service
 * makes to confirm the address, the signature check with the account's secret, and the events a
 * delivery holds. Every function is pure: the server does the I/O.
 */
export interface ServiceHook {
  /**
   * The service's check of the address before it delivers (WhatsApp's `hub.challenge`): the
   * answer, or undefined when the request is not one.
   */
  handshake?(delivery: HookDelivery, account: ServiceAccount): HookAnswer | undefined;
  /**
   * Whether the delivery comes from the service: its signature or secret matches the account's
   * (`undefined`: it does not; a string: the pt-BR reason the account cannot check it, such as
   * a missing secret).
   */
  verify(
    delivery: HookDelivery,
    account: ServiceAccount,
    registration?: HookRegistration,
  ): true | false | string;
  /**
   * The events a verified delivery holds for the account, in the order the service sent them
   * (a delivery about another number or bot of the same app holds none).
   */
  events(body: unknown, account: ServiceAccount, params: Record<string, unknown>): HookEvent[];
  /** Events names, for the node's 'Eventos' select: key → pt-BR label. */
  eventLabels: Record<string, string>;
}

/** What the server knows of the node's registration at the service (docs/adr/0091). */
export interface HookRegistration {
  /**
   * The secret Ponte generated when it registered the address at the service, which the service
   * sends back with each delivery (Telegram's `secret_token`); absent for a trigger whose address
   * the person registers, or when the node is not registered.
   */
  secret?: string;
  /** The address Ponte registered at the service (Trello signs the body with it appended). */
  address?: string;
  /**
   * The secret of the OAuth app the node's account was authorised with (Trello signs each
   * delivery with it), when the account has one.
   */
  appSecret?: string;
}

/** A registration of a trigger node's address at the service, or its removal. */
export interface HookSubscriptionRequest {
  accountId: string;
  /** The node's params ('Eventos', a board). */
  params: Record<string, unknown>;
  /** The node's public address: `<public base>/engine/hooks/{flowId}/{nodeUid}`. */
  address: string;
  /** A secret generated for this registration, given to the service when it takes one. */
  secret: string;
  /** The ports a connector's calls use (`ConnectorPorts`). */
  ports: Pick<EnginePorts, 'http' | 'clock' | 'serviceAccounts'>;
  scope: ExecutionScope;
  signal: AbortSignal;
}

/**
 * How a trigger registers its address at the service when its flow is enabled, and removes it
 * when the flow is disabled (n8n's `webhookMethods`). Calls go through the connector's account,
 * network guard and refusals; a failure rejects with the service's pt-BR reason.
 */
export interface HookSubscriptions {
  /** Registers the address; resolves to the service's id of the registration. */
  subscribe(request: HookSubscriptionRequest): Promise<string>;
  /** Removes the registration the service named `id`. */
  unsubscribe(request: HookSubscriptionRequest, id: string): Promise<void>;
}
