import type { FlowNode } from '@ponte/shared/flow/flow-document.schema';
import type { NodeEmission } from '../kit/message';
import type { EngineEvent } from './events';

/** What names an execution in its events. */
export interface EventIds {
  execution_id: string;
  flow_id: string;
}

/**
 * A node began to run: for the live view only (the editor's node status), so the executor
 * builds it only while someone watches (`ExecuteOptions.watched`, docs/adr/0128).
 */
export function nodeStarted(ids: EventIds, timestamp: number, node: FlowNode): EngineEvent {
  return {
    execution_id: ids.execution_id,
    flow_id: ids.flow_id,
    timestamp,
    type: 'node_started',
    node_uid: node.uid,
    node_type: node.type,
  };
}

/** A node ran and sent `sent` (`output_size` bytes of JSON): a log line, and the live view's. */
export function nodeFinished(
  ids: EventIds,
  timestamp: number,
  node: FlowNode,
  duration_ms: number,
  output_size: number,
  sent: readonly NodeEmission[],
): EngineEvent {
  const outputs: string[] = new Array<string>(sent.length);
  for (let at = 0; at < sent.length; at++) outputs[at] = sent[at]!.output;
  return {
    execution_id: ids.execution_id,
    flow_id: ids.flow_id,
    timestamp,
    type: 'node_finished',
    node_uid: node.uid,
    node_type: node.type,
    duration_ms,
    output_size,
    outputs,
  };
}
