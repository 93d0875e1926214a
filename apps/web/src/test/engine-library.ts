import { nodeLibrarySchema, type NodeManifest } from '@ponte/shared/flow/node-manifest.schema';
import library from './engine-library.generated.json';

/** The connectors the server really serves (a copy kept equal by a server test). */
const manifests = nodeLibrarySchema.parse(library).nodes;

/** The real manifest of a built-in connector type. */
export function realManifest(type: string): NodeManifest {
  const manifest = manifests.find((item) => item.type === type);
  if (!manifest) throw new Error(`Tipo de conector desconhecido na biblioteca: ${type}`);
  return manifest;
}
