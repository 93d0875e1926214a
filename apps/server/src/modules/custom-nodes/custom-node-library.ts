import {
  customNodeDefinition,
  customNodeManifest,
  type StoredCustomNode,
} from '@ponte/engine/custom/custom-node';
import { templatesProblem } from '@ponte/engine/expressions/check-templates';
import type { NodeDefinition } from '@ponte/engine/kit/define-node';
import type { NodeRegistry } from '@ponte/engine/kit/registry';
import { customNodeIdOf, type CustomNodeParam } from '@ponte/shared/custom-nodes.schema';
import type { ManifestLookup } from '@ponte/shared/flow/flow-operations';
import type { ValidateFlowOptions } from '@ponte/shared/flow/flow-validator';
import type { NodeLibrary, NodeManifest } from '@ponte/shared/flow/node-manifest.schema';
import type { CustomNodesRepository } from './custom-nodes.repository';

type LibraryRow = Awaited<ReturnType<CustomNodesRepository['libraryRows']>>[number];
type VersionRow = Awaited<ReturnType<CustomNodesRepository['versionsOf']>>[number];

export interface CustomNodeLibraryDeps {
  repository: Pick<CustomNodesRepository, 'libraryRows' | 'versionsOf'>;
  /** The server's built-in node types. */
  builtins: Pick<NodeRegistry, 'manifests' | 'olderManifests' | 'manifest' | 'checkParams'>;
  /** How many version rows (with their handler) stay cached; versions never change. */
  cacheSize?: number;
}

/** A workspace's lookup: the built-ins plus the custom types a document names. */
export interface WorkspaceLookup {
  lookup: ManifestLookup;
  checkParams: NonNullable<ValidateFlowOptions['checkParams']>;
}

const stateOf = (row: LibraryRow): StoredCustomNode['state'] =>
  row.deletedAt ? 'removed' : row.enabled ? 'enabled' : 'disabled';

/** The connector now (name, state, image) at one of its versions (params, handler). */
const storedOf = (row: LibraryRow, version: VersionRow): StoredCustomNode => ({
  id: row.id,
  name: row.name,
  description: row.description,
  serviceName: row.serviceName,
  imageData: row.imageData,
  state: stateOf(row),
  version: version.version,
  params: version.params as CustomNodeParam[],
  code: version.code,
});

/** The custom node types a flow document names, with the versions it pins. */
function pinnedOf(data: unknown): Map<string, Set<number>> {
  const pinned = new Map<string, Set<number>>();
  const nodes = (data as { nodes?: unknown } | null)?.nodes;
  if (!Array.isArray(nodes)) return pinned;
  for (const node of nodes as { type?: unknown; typeVersion?: unknown }[]) {
    const id = typeof node?.type === 'string' ? customNodeIdOf(node.type) : null;
    if (!id) continue;
    const version = typeof node.typeVersion === 'number' ? node.typeVersion : 1;
    const versions = pinned.get(id) ?? new Set<number>();
    versions.add(version);
    pinned.set(id, versions);
  }
  return pinned;
}

/** A bounded map: the oldest entry leaves when it is full. */
function boundedCache<V>(size: number) {
  const entries = new Map<string, V>();
  return {
    get: (key: string) => entries.get(key),
    set(key: string, value: V) {
      entries.delete(key);
      entries.set(key, value);
      if (entries.size > size) entries.delete(entries.keys().next().value!);
    },
  };
}

/**
 * The node library of a workspace (docs/adr/0042): the built-ins plus its custom connectors. A
 * connector of another workspace never appears: every read takes the workspace.
 */
export function createCustomNodeLibrary({
  repository,
  builtins,
  cacheSize = 500,
}: CustomNodeLibraryDeps) {
  const versions = boundedCache<VersionRow>(cacheSize);

  /** The connectors a document names and their manifests at every version (params only). */
  async function manifestsOf(workspaceId: string, ids?: string[]) {
    const rows = await repository.libraryRows(workspaceId, ids);
    const all = await repository.versionsOf(
      workspaceId,
      rows.map((row) => row.id),
      false,
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return {
      rows,
      manifests: all.map((v) => customNodeManifest(storedOf(byId.get(v.customNodeId)!, v))),
    };
  }

  async function lookupFor(workspaceId: string, data: unknown): Promise<WorkspaceLookup> {
    const ids = [...pinnedOf(data).keys()];
    if (!ids.length) return { lookup: builtins.manifest, checkParams: builtins.checkParams };
    const { manifests } = await manifestsOf(workspaceId, ids);
    const byKey = new Map<string, NodeManifest>();
    const newest = new Map<string, NodeManifest>();
    for (const manifest of manifests) {
      byKey.set(`${manifest.type}@${manifest.version}`, manifest);
      newest.set(manifest.type, manifest);
    }
    const lookup: ManifestLookup = (type, version) => {
      if (!customNodeIdOf(type)) return builtins.manifest(type, version);
      return version === undefined ? newest.get(type) : byKey.get(`${type}@${version}`);
    };
    // A connector's own params take `{{ … }}` like a built-in's: they must parse too.
    const checkParams: WorkspaceLookup['checkParams'] = (node) => {
      if (!customNodeIdOf(node.type)) return builtins.checkParams(node);
      const manifest = lookup(node.type, node.typeVersion);
      return manifest ? templatesProblem(manifest.params, node.params) : null;
    };
    return { lookup, checkParams };
  }

  return {
    /** `GET /engine/library` for the workspace: the built-ins and its connectors. */
    async library(workspaceId: string): Promise<NodeLibrary> {
      const { rows, manifests } = await manifestsOf(workspaceId);
      const removed = new Set(rows.filter((row) => row.deletedAt).map((row) => row.id));
      const current = new Map(rows.map((row) => [row.id, row.version]));
      const nodes = [...builtins.manifests()];
      const olderVersions = [...builtins.olderManifests()];
      for (const manifest of manifests) {
        const id = manifest.custom!.id;
        const newest = !removed.has(id) && current.get(id) === manifest.version;
        (newest ? nodes : olderVersions).push(manifest);
      }
      return { nodes, olderVersions };
    },

    lookupFor,

    /**
     * The node types a document's custom nodes run as: every (connector, version) it pins, in
     * the connector's state now (a disabled or removed one too: the engine refuses it, naming
     * it). A version it pins that does not exist gives nothing (the engine says it is unknown).
     */
    async definitionsFor(workspaceId: string, data: unknown): Promise<NodeDefinition[]> {
      const pinned = pinnedOf(data);
      if (!pinned.size) return [];
      const rows = await repository.libraryRows(workspaceId, [...pinned.keys()]);
      const missing = rows.filter((row) =>
        [...pinned.get(row.id)!].some((version) => !versions.get(`${row.id}@${version}`)),
      );
      if (missing.length) {
        const read = await repository.versionsOf(
          workspaceId,
          missing.map((row) => row.id),
        );
        for (const version of read)
          versions.set(`${version.customNodeId}@${version.version}`, version);
      }
      const definitions: NodeDefinition[] = [];
      for (const row of rows) {
        for (const pin of pinned.get(row.id)!) {
          const version = versions.get(`${row.id}@${pin}`);
          if (version) definitions.push(customNodeDefinition(storedOf(row, version)));
        }
      }
      return definitions;
    },
  };
}

export type CustomNodeLibrary = ReturnType<typeof createCustomNodeLibrary>;
