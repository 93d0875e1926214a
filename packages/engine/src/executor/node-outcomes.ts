import type { FlowNode } from '@ponte/shared/flow/flow-document.schema';
import type { Message, NodeEmission } from '../kit/message';
import type { StopExecution } from '../kit/stop-execution';
import type { SuspendExecution } from '../kit/suspend-execution';
import { ParamError } from '../expressions/resolve-params';
import { runRecord } from './capture';
import type { ExecuteOptions } from './execute-options';
import type { EngineEvent, ExecutionError, ExecutionStatus } from './events';

/** What reached a node: its message, and the JSON it was measured on when capturing. */
export interface ReceivedMessage {
  msg: Message;
  json: string | undefined;
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
  /** The nodes waiting for a person; the execution ends `waiting` when there are some. */
  waiting: { node_uid: string; message: string }[];
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
  host.waiting.push({ node_uid: node.uid, message: error.message });
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

/** A failure goes to the connected `error` output, else it fails the execution. */
export function failOutcome(
  host: OutcomeHost,
  node: FlowNode,
  received: ReceivedMessage,
  error: unknown,
  duration: number,
): number {
  const message = error instanceof Error ? error.message : String(error);
  const handled = host.handlesErrors(node);
  const unreadable = error instanceof ParamError && error.unreadable;
  const failure: ExecutionError = {
    message,
    node_uid: node.uid,
    ...(unreadable ? { code: 'invalid_expression' as const } : {}),
  };
  host.emit({
    ...host.base(),
    type: 'node_failed',
    node_uid: node.uid,
    node_type: node.type,
    duration_ms: duration,
    error: failure,
    handled,
  });
  if (!handled) {
    host.capture?.(runRecord(node, received.json, [], [], duration, { error: { message } }));
    host.end('error', failure);
    return 0;
  }
  const sent = [
    { output: 'error', msg: { ...received.msg, error: { message, node_uid: node.uid } } },
  ];
  const json = JSON.stringify(sent[0]!.msg) ?? '';
  host.capture?.(runRecord(node, received.json, sent, [json], duration, { error: { message } }));
  return host.send(node, sent, [Buffer.byteLength(json)], host.capture ? [json] : undefined);
}
