import type { FlowNode } from '@ponte/shared/flow/flow-document.schema';
import type { Message, NodeEmission } from '../kit/message';
import type { StopExecution } from '../kit/stop-execution';
import type { SuspendExecution } from '../kit/suspend-execution';
import { ParamError } from '../expressions/resolve-params';
import { runRecord } from './capture';
import type { ExecuteOptions } from './execute-options';
import type {
  EngineEvent,
  ExecutionError,
  ExecutionStatus,
  ExecutionWait,
  NodeRetry,
} from './events';
import { failureMatches, retryDelayMs } from '@ponte/shared/flow/node-on-error';
import { failureFactsOf } from './failure-facts';

/** What reached a node: its message, and the JSON it was measured on when capturing. */
export interface ReceivedMessage {
  msg: Message;
  json: string | undefined;
  /** Attempts of this message that failed already ('Em caso de erro'); absent: none. */
  attempt?: number;
}

/** What a node's outcome needs of its execution (`Execution` in execution.ts). */
export interface OutcomeHost {
  emit(event: EngineEvent): void;
  base(): { execution_id: string; flow_id: string; timestamp: number };
  capture: ExecuteOptions['capture'];
  end(status: ExecutionStatus, error?: ExecutionError): void;
  /** Delivers what the node sent; answers how many messages. */
  send(
    node: FlowNode,
    sent: NodeEmission[],
    sizes: readonly number[],
    jsons: readonly string[] | undefined,
  ): number;
  /** Whether the node's `error` output is connected. */
  handlesErrors(node: FlowNode): boolean;
  /** The nodes waiting; the execution ends `waiting` when there are some. */
  waiting: ExecutionWait[];
  /**
   * Runs the node again on the same message after `delay` (in memory), or records the wait
   * for a later part of the execution (durable); answers what the node finally sent.
   */
  retry(
    node: FlowNode,
    received: ReceivedMessage,
    retry: NodeRetry,
    delay: number,
  ): Promise<number>;
  /** The output a node that continues with its input sends by. */
  firstOutput(node: FlowNode): string;
}

const infoOf = (node: FlowNode) => ({ node_uid: node.uid, node_type: node.type });

/** `core_stop`: the whole execution ends with the node's status. */
export function stopOutcome(
  host: OutcomeHost,
  node: FlowNode,
  received: ReceivedMessage,
  error: StopExecution,
  duration_ms: number,
): number {
  host.emit({
    ...host.base(),
    type: 'node_finished',
    ...infoOf(node),
    duration_ms,
    output_size: 0,
    outputs: [],
  });
  const failed = error.status === 'error';
  host.capture?.(
    runRecord(node, received.json, [], [], duration_ms, {
      ...(failed ? { error: { message: error.message } } : {}),
    }),
  );
  host.end(error.status, failed ? { message: error.message, node_uid: node.uid } : undefined);
  return 0;
}

/** A node waits for a person: what it sent goes on, and the execution will end `waiting`. */
export function suspendOutcome(
  host: OutcomeHost,
  node: FlowNode,
  received: ReceivedMessage,
  error: SuspendExecution,
  duration_ms: number,
): number {
  const { wake } = error;
  host.waiting.push({
    node_uid: node.uid,
    message: error.message,
    ...(wake ? { wake: { at: wake.at, msg: received.msg, value: wake.value } } : {}),
  });
  const jsons = error.sent.map(({ msg }) => JSON.stringify(msg) ?? '');
  const sizes = jsons.map((json) => Buffer.byteLength(json));
  host.emit({
    ...host.base(),
    type: 'node_finished',
    ...infoOf(node),
    duration_ms,
    output_size: sizes.reduce((sum, size) => sum + size, 0),
    outputs: error.sent.map(({ output }) => output),
  });
  host.capture?.(runRecord(node, received.json, error.sent, jsons, duration_ms));
  return host.send(node, error.sent, sizes, host.capture ? jsons : undefined);
}

/**
 * A failure (docs/adr/0110): tried again when the node's 'Em caso de erro' says so and attempts
 * remain; else it goes by the `error` output, stops the execution or continues with the input,
 * as the node says (by default: the `error` output when connected, else the execution fails).
 */
export function failOutcome(
  host: OutcomeHost,
  node: FlowNode,
  received: ReceivedMessage,
  error: unknown,
  duration: number,
): number | Promise<number> {
  const facts = failureFactsOf(error);
  const { message } = facts;
  const policy = node.onError;
  const unreadable = error instanceof ParamError && error.unreadable;
  const failed = (received.attempt ?? 0) + 1;
  const attempt = policy?.retries ? { attempt: failed } : {};
  const failure: ExecutionError = {
    message,
    node_uid: node.uid,
    ...(unreadable ? { code: 'invalid_expression' as const } : {}),
  };
  const event = {
    ...host.base(),
    type: 'node_failed' as const,
    node_uid: node.uid,
    node_type: node.type,
    duration_ms: duration,
    error: failure,
    ...attempt,
  };
  const recordOf = (sent: NodeEmission[], jsons: string[]) =>
    runRecord(node, received.json, sent, jsons, duration, { error: { message }, ...attempt });
  if (policy && failed <= policy.retries && !unreadable && failureMatches(policy.match, facts)) {
    const delay = retryDelayMs(policy, failed, Math.random, facts.retryAfterMs);
    const retry = {
      attempt: failed + 1,
      of: policy.retries + 1,
      at: host.base().timestamp + delay,
    };
    host.emit({ ...event, handled: true, retry });
    host.capture?.(recordOf([], []));
    return host.retry(node, received, retry, delay);
  }
  const then = policy?.then ?? (host.handlesErrors(node) ? 'error' : 'stop');
  host.emit({
    ...event,
    handled: then !== 'stop',
    ...(then === 'continue' ? { continued: true as const } : {}),
  });
  if (then === 'stop') {
    host.capture?.(recordOf([], []));
    host.end('error', failure);
    return 0;
  }
  const sent =
    then === 'error'
      ? [{ output: 'error', msg: { ...received.msg, error: { message, node_uid: node.uid } } }]
      : [{ output: host.firstOutput(node), msg: received.msg }];
  const json = JSON.stringify(sent[0]!.msg) ?? '';
  host.capture?.(recordOf(sent, [json]));
  return host.send(node, sent, [Buffer.byteLength(json)], host.capture ? [json] : undefined);
}
