import type { FlowDocument, FlowEdge, FlowNode } from '@ponte/shared/flow/flow-document.schema';
import type { IncomingEdge } from '../kit/context';

/** A flow's nodes by uid, the edges out of each node's output, and the edges into each node. */
export interface FlowIndex {
  nodes: Map<string, FlowNode>;
  /** By `${source}\0${sourceOutput}`. */
  outgoing: Map<string, FlowEdge[]>;
  /** By target, in document order. */
  incoming: Map<string, IncomingEdge[]>;
}

export function indexFlow(flow: FlowDocument): FlowIndex {
  const nodes = new Map(flow.nodes.map((node) => [node.uid, node]));
  const outgoing = new Map<string, FlowEdge[]>();
  const incoming = new Map<string, IncomingEdge[]>();
  for (const edge of flow.edges) {
    const key = `${edge.source}\0${edge.sourceOutput}`;
    outgoing.set(key, [...(outgoing.get(key) ?? []), edge]);
    incoming.set(edge.target, [
      ...(incoming.get(edge.target) ?? []),
      { source: edge.source, sourceOutput: edge.sourceOutput },
    ]);
  }
  return { nodes, outgoing, incoming };
}
