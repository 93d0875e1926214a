import type { Engine } from '@ponte/engine/engine';
import type { NodeDefinition } from '@ponte/engine/kit/define-node';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import type { NodeNamer } from './execution-logs';

/**
 * How the internal log lines of a flow's execution name a node: the label given in the flow,
 * else the library's label for its type (e.g. 'Log'; a custom connector's name, from `extra`, the
 * execution's own node types), else 'Conector'; never the type id.
 */
export function nodeNamer(
  flow: FlowDocument,
  engine: Pick<Engine, 'registry'>,
  extra: readonly NodeDefinition[] = [],
): NodeNamer {
  const labels = new Map(flow.nodes.map((node) => [node.uid, node]));
  const custom = new Map(extra.map((definition) => [definition.manifest.type, definition]));
  return (nodeUid, nodeType) => {
    const node = labels.get(nodeUid);
    const own = node?.label?.trim();
    if (own) return own;
    const customLabel = custom.get(nodeType)?.manifest.label;
    if (customLabel) return customLabel;
    return engine.registry.manifest(nodeType, node?.typeVersion)?.label ?? 'Conector';
  };
}
