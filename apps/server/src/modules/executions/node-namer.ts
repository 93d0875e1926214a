import type { Engine } from '@ponte/engine/engine';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import type { NodeNamer } from './execution-logs';

/**
 * How the internal log lines of a flow's execution name a node: the label given in the flow,
 * else the library's label for its type (e.g. 'Log'), else 'Conector'; never the type id.
 */
export function nodeNamer(flow: FlowDocument, engine: Pick<Engine, 'registry'>): NodeNamer {
  const labels = new Map(flow.nodes.map((node) => [node.uid, node]));
  return (nodeUid, nodeType) => {
    const node = labels.get(nodeUid);
    const own = node?.label?.trim();
    if (own) return own;
    return engine.registry.manifest(nodeType, node?.typeVersion)?.label ?? 'Conector';
  };
}
