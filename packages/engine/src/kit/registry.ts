import type { FlowNode } from '@ponte/shared/flow/flow-document.schema';
import type { NodeManifest } from '@ponte/shared/flow/node-manifest.schema';
import { unavailableReason } from '@ponte/shared/flow/node-availability';
import { templatesProblem } from '../expressions/check-templates';
import type { NodeDefinition } from './define-node';

/**
 * Node types keyed by `type@version` (ADR 0014). A flow node runs exactly the version it
 * records; old versions stay registered so that old flows keep running. Without a version a
 * lookup gives the newest: that is what the palette adds.
 */
export interface NodeRegistry {
  register(definition: NodeDefinition): void;
  get(type: string, version?: number): NodeDefinition | undefined;
  /** The newest version of every type, for the library endpoint and the palette. */
  manifests(): NodeManifest[];
  /** Every registered version below the newest one, for panels of nodes pinned to them. */
  olderManifests(): NodeManifest[];
  /** The manifest a flow node resolves to (same rule as `get`). */
  manifest(type: string, version?: number): NodeManifest | undefined;
  /**
   * The check of a flow node's params when the flow is saved: its `{{ … }}` templates parse
   * (`expressions/check-templates.ts`), then the node type's own check
   * (`NodeDefinition.checkParams`).
   */
  checkParams(node: Pick<FlowNode, 'type' | 'typeVersion' | 'params'>): string | null;
}

/** A node whose area does not exist yet is served marked, with the reason people read. */
function withAvailability(definition: NodeDefinition): NodeDefinition {
  const reason = unavailableReason(definition.manifest.type);
  if (reason === undefined) return definition;
  return {
    ...definition,
    manifest: { ...definition.manifest, available: false, unavailableReason: reason },
  };
}

export function createRegistry(definitions: NodeDefinition[] = []): NodeRegistry {
  const byKey = new Map<string, NodeDefinition>();
  const newest = new Map<string, NodeDefinition>();

  const registry: NodeRegistry = {
    register(registered) {
      const definition = withAvailability(registered);
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
    olderManifests() {
      return [...byKey.values()]
        .filter((definition) => newest.get(definition.manifest.type) !== definition)
        .map((definition) => definition.manifest);
    },
    manifest(type, version) {
      return registry.get(type, version)?.manifest;
    },
    checkParams(node) {
      const definition = registry.get(node.type, node.typeVersion);
      if (!definition) return null;
      return (
        templatesProblem(definition.manifest.params, node.params) ??
        definition.checkParams?.(node.params) ??
        null
      );
    },
  };
  for (const definition of definitions) registry.register(definition);
  return registry;
}
