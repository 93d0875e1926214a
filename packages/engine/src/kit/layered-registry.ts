import type { NodeDefinition } from './define-node';
import { createRegistry, type NodeRegistry } from './registry';

/**
 * The registry one execution sees: the engine's (built-ins) with the node types it brings on
 * top (the workspace's custom connectors at the versions the flow pins, docs/adr/0041). A type
 * the overlay holds is looked up there only: a custom connector never falls back to a built-in.
 */
export function withNodes(base: NodeRegistry, extra: readonly NodeDefinition[]): NodeRegistry {
  if (!extra.length) return base;
  const overlay = createRegistry([...extra]);
  const owns = (type: string) => overlay.get(type) !== undefined;
  const layered: NodeRegistry = {
    register: (definition) => overlay.register(definition),
    get: (type, version) => (owns(type) ? overlay.get(type, version) : base.get(type, version)),
    manifests: () => [...base.manifests(), ...overlay.manifests()],
    olderManifests: () => [...base.olderManifests(), ...overlay.olderManifests()],
    manifest: (type, version) => layered.get(type, version)?.manifest,
    checkParams: (node) => (owns(node.type) ? overlay.checkParams(node) : base.checkParams(node)),
  };
  return layered;
}
