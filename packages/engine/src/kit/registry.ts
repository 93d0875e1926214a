import type { NodeManifest } from '@ponte/shared/flow/node-manifest.schema';
import type { NodeDefinition } from './define-node';

/**
 * Node types keyed by `type@version`. A flow node without `typeVersion` runs the newest
 * version; old versions stay registered so that old flows keep running.
 */
export interface NodeRegistry {
  register(definition: NodeDefinition): void;
  get(type: string, version?: number): NodeDefinition | undefined;
  /** The newest version of every type, for the library endpoint and the validator. */
  manifests(): NodeManifest[];
  /** The manifest a flow node resolves to (same rule as `get`). */
  manifest(type: string, version?: number): NodeManifest | undefined;
}

export function createRegistry(definitions: NodeDefinition[] = []): NodeRegistry {
  const byKey = new Map<string, NodeDefinition>();
  const newest = new Map<string, NodeDefinition>();

  const registry: NodeRegistry = {
    register(definition) {
      const { type, version } = definition.manifest;
      const key = `${type}@${version}`;
      if (byKey.has(key)) throw new Error(`Node type ${key} registered twice.`);
      byKey.set(key, definition);
      const current = newest.get(type);
      if (!current || current.manifest.version < version) newest.set(type, definition);
    },
    get(type, version) {
      return version === undefined ? newest.get(type) : byKey.get(`${type}@${version}`);
    },
    manifests() {
      return [...newest.values()].map((definition) => definition.manifest);
    },
    manifest(type, version) {
      return registry.get(type, version)?.manifest;
    },
  };
  for (const definition of definitions) registry.register(definition);
  return registry;
}
