import type { EnginePorts, ExecutionScope } from '../ports';

/** One new item a poll found: it starts one execution, `{payload, event}` as its message. */
export interface PollEvent {
  /** The trigger's event name (`message_received`): `msg.event`. */
  event: string;
  payload: unknown;
  /** The service's id of the item (a Gmail message id, an SQS MessageId), when it has one. */
  key?: string;
}

/** What the server asks of one poll of a node (docs/adr/0091). */
export interface PollRequest {
  /** The account chosen in the node. */
  accountId: string;
  /** The node's params as saved. */
  params: Record<string, unknown>;
  /** What the last poll stored; null on the first poll since the flow was enabled or changed. */
  cursor: unknown;
  /** The ports a service connector's calls use. */
  ports: Pick<EnginePorts, 'http' | 'clock' | 'serviceAccounts'>;
  scope: ExecutionScope;
  signal: AbortSignal;
}

/** A poll's answer: the new items in the order they happened, and the cursor to store. */
export interface PollOutcome {
  events: PollEvent[];
  cursor: unknown;
  /**
   * Tells the service an item was taken, once its execution was enqueued (an SQS message is
   * deleted); absent for services whose items stay where they are.
   */
  settle?(event: PollEvent): Promise<void>;
}

/**
 * How the server polls a service for a trigger node that has no webhook: on the node's
 * interval, with the cursor the last poll stored. Lives on the node definition, never in the
 * manifest.
 */
export interface ServicePoller {
  /** The node's 'Verificar a cada' in ms. */
  intervalMs(params: Record<string, unknown>): number;
  poll(request: PollRequest): Promise<PollOutcome>;
}
