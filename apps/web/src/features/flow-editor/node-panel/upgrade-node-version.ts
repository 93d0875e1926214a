import type { FlowNode } from '@ponte/shared/flow/flow-document.schema';
import type { NodeManifest } from '@ponte/shared/flow/node-manifest.schema';

/**
 * The node moved to the version `newest` describes: the values of params that still exist (by
 * name) are kept, new params get their defaults (when they have one), the others are dropped.
 */
export function upgradeNodeVersion(node: FlowNode, newest: NodeManifest): FlowNode {
  const params: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(newest.params)) {
    if (Object.hasOwn(node.params, name)) params[name] = node.params[name];
    else if ('default' in spec && spec.default !== undefined) params[name] = spec.default;
  }
  return { ...node, typeVersion: newest.version, params };
}
