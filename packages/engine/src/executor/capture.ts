import type { FlowNode } from '@ponte/shared/flow/flow-document.schema';
import type { NodeEmission } from '../kit/message';
import type { NodeRunRecord } from './events';

/**
 * The record of one node run (docs/adr/0089), from the JSON the executor already made to
 * measure each message: nothing is stringified again, and later changes to the messages by
 * other nodes cannot reach it.
 */
export function runRecord(
  node: FlowNode,
  input: string | undefined,
  sent: readonly NodeEmission[],
  jsons: readonly string[],
  duration_ms: number,
  extra?: { error?: { message: string }; pinned?: boolean; attempt?: number },
): NodeRunRecord {
  return {
    node_uid: node.uid,
    node_type: node.type,
    input: input ?? '{}',
    outputs: sent.map(({ output }, at) => ({ output, json: jsons[at] ?? '' })),
    duration_ms,
    ...extra,
  };
}
