import type { ServiceAccount } from '../ports';

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
  verify(delivery: HookDelivery, account: ServiceAccount): true | false | string;
  /**
   * The events a verified delivery holds for the account, in the order the service sent them
   * (a delivery about another number or bot of the same app holds none).
   */
  events(body: unknown, account: ServiceAccount, params: Record<string, unknown>): HookEvent[];
  /** Events names, for the node's 'Eventos' select: key → pt-BR label. */
  eventLabels: Record<string, string>;
}
