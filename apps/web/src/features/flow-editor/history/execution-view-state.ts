import type { ExecutionData, NodeRun } from '@ponte/shared/execution-data.schema';
import type { FlowDocument, PinnedItem } from '@ponte/shared/flow/flow-document.schema';
import type { CanvasNodeState } from '../run-data/run-data-types';

/** Each node's state on the canvas of a past execution: success or error, and items sent. */
export function nodeStatesOf(data: ExecutionData): Map<string, CanvasNodeState> {
  return new Map(
    data.nodes.map((node) => [node.node_uid, { state: node.status, items: node.items }]),
  );
}

/**
 * The path the execution took: an edge is taken when its source sent at least one message on
 * the edge's output and its target ran.
 */
export function takenEdgesOf(doc: FlowDocument, data: ExecutionData): Set<string> {
  const ran = new Map(data.nodes.map((node) => [node.node_uid, node]));
  return new Set(
    doc.edges
      .filter((edge) => (ran.get(edge.source)?.outputs[edge.sourceOutput] ?? 0) > 0)
      .filter((edge) => ran.has(edge.target))
      .map((edge) => edge.id),
  );
}

/** The node the execution failed on: the one its error names, else the first that failed. */
export function failingNodeOf(data: ExecutionData): string | undefined {
  const named = data.execution.error?.node_uid;
  if (named && data.nodes.some((node) => node.node_uid === named)) return named;
  return data.nodes.find((node) => node.status === 'error')?.node_uid ?? named;
}

/** The nodes whose output was kept (they sent something and not every run was over the cap). */
export function nodesWithOutput(data: ExecutionData): string[] {
  return data.nodes.filter((node) => node.items > 0).map((node) => node.node_uid);
}

/** The pins a node's last run gives: its kept outputs, in order; none when it was truncated. */
export function pinsOfRuns(runs: NodeRun[]): PinnedItem[] {
  const last = runs.at(-1);
  if (!last || last.truncated) return [];
  return last.outputs.flatMap((item) =>
    item.msg === null ? [] : [{ output: item.output, msg: item.msg }],
  );
}
