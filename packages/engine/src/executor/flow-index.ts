import type { FlowDocument, FlowEdge, FlowNode } from '@ponte/shared/flow/flow-document.schema';
import type { IncomingEdge } from '../kit/context';

/** A flow's nodes by uid, the edges out of each node's output, and the edges into each node. */
export interface FlowIndex {
  nodes: ReadonlyMap<string, FlowNode>;
  /** By source, then by its output. */
  outgoing: ReadonlyMap<string, ReadonlyMap<string, readonly FlowEdge[]>>;
  /** By target, in document order. */
  incoming: ReadonlyMap<string, IncomingEdge[]>;
}

export function indexFlow(flow: FlowDocument): FlowIndex {
  const nodes = new Map(flow.nodes.map((node) => [node.uid, node]));
  const outgoing = new Map<string, Map<string, FlowEdge[]>>();
  const incoming = new Map<string, IncomingEdge[]>();
  for (const edge of flow.edges) {
    let byOutput = outgoing.get(edge.source);
    if (!byOutput) outgoing.set(edge.source, (byOutput = new Map()));
    byOutput.set(edge.sourceOutput, [...(byOutput.get(edge.sourceOutput) ?? []), edge]);
    incoming.set(edge.target, [
      ...(incoming.get(edge.target) ?? []),
      { source: edge.source, sourceOutput: edge.sourceOutput },
    ]);
  }
  return { nodes, outgoing, incoming };
}

interface IndexedFlow {
  nodes: FlowDocument['nodes'];
  edges: FlowDocument['edges'];
  nodeCount: number;
  edgeCount: number;
  index: FlowIndex;
}

/** The index of each flow document, while the document is held (the server's flow cache). */
const indexed = new WeakMap<FlowDocument, IndexedFlow>();

/**
 * The flow's index, made once per document: the executions of one flow share it (nothing writes
 * to it). A document whose node or edge lists were replaced or grew since is indexed again.
 */
export function indexFlowOnce(flow: FlowDocument): FlowIndex {
  const known = indexed.get(flow);
  if (
    known &&
    known.nodes === flow.nodes &&
    known.edges === flow.edges &&
    known.nodeCount === flow.nodes.length &&
    known.edgeCount === flow.edges.length
  )
    return known.index;
  const index = indexFlow(flow);
  const { nodes, edges } = flow;
  indexed.set(flow, { nodes, edges, nodeCount: nodes.length, edgeCount: edges.length, index });
  return index;
}
