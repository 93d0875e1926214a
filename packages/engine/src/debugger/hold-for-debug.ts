import type { FlowNode } from '@ponte/shared/flow/flow-document.schema';
import { evaluate, type ExpressionData } from '../expressions/expressions';
import type { Message, NodeEmission } from '../kit/message';
import type { DebugSession } from './debug-session';

export interface PausedEvent {
  type: 'debug_paused';
  node_uid: string;
  node_type: string;
  /** The node's label, else its type (the server names the `debug` log line by its namer). */
  label: string;
  output: string;
  msg: unknown;
  is_breakpoint: boolean;
}

/**
 * Whether the node's breakpoint holds for this output. A condition that cannot be evaluated
 * counts as true: a breakpoint is never silently skipped.
 */
export async function breakpointHolds(node: FlowNode, data: ExpressionData): Promise<boolean> {
  if (node.breakpoint !== true) return false;
  const condition = node.breakpointCondition?.trim();
  if (!condition) return true;
  try {
    return Boolean(await evaluate(condition, data));
  } catch {
    return true;
  }
}

/**
 * Holds a node's output until next-step. Resolves true when released, false when the
 * session stopped.
 */
export async function holdForDebug(
  session: DebugSession,
  node: FlowNode,
  first: NodeEmission,
  io: { data(msg: Message): ExpressionData; emit(event: PausedEvent): void },
): Promise<boolean> {
  const is_breakpoint = await breakpointHolds(node, io.data(first.msg));
  io.emit({
    type: 'debug_paused',
    node_uid: node.uid,
    node_type: node.type,
    label: node.label || node.type,
    output: first.output,
    // A snapshot: the next nodes may change the message after the pause.
    msg: structuredClone(first.msg),
    is_breakpoint,
  });
  try {
    await session.pause({ node_uid: node.uid, node_type: node.type, is_breakpoint });
    return true;
  } catch {
    return false;
  }
}
