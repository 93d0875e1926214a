import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ManifestLookup } from '@ponte/shared/flow/flow-operations';
import { nodeLibrarySchema } from '@ponte/shared/flow/node-manifest.schema';
import type { NodeLibrary, NodeManifest } from '@ponte/shared/flow/node-manifest.schema';
import { apiRequest } from '../api/api-client';

/**
 * GET /engine/library: the newest version of every connector type (spec 1 §7), and the older
 * versions nodes of existing flows may still be pinned to.
 */
export function getNodeLibrary(): Promise<NodeLibrary> {
  return apiRequest('/engine/library', { schema: nodeLibrarySchema, silent: true });
}

export const nodeLibraryQueryKey = ['engine', 'library'] as const;

export function getNodeLibraryQueryOptions() {
  return queryOptions({
    queryKey: nodeLibraryQueryKey,
    queryFn: getNodeLibrary,
    staleTime: 5 * 60_000,
  });
}

export interface NodeLibraryView {
  manifests: NodeManifest[];
  /** The manifest of a type at a version; without a version, the newest (what the palette adds). */
  lookup: ManifestLookup;
  /** The label people know a type by, or the type itself when the library does not know it. */
  labelOf: (type: string) => string;
  isPending: boolean;
  error: unknown;
}

/**
 * `fresh`: read again each time the page opens and each time the person comes back to it (the
 * flow editor: a custom connector disabled in another tab or by someone else must not stay
 * offered as usable in the palette until the cache ages).
 */
export function useNodeLibrary({ fresh = false }: { fresh?: boolean } = {}): NodeLibraryView {
  const { data, isPending, error } = useQuery({
    ...getNodeLibraryQueryOptions(),
    refetchOnMount: fresh ? 'always' : true,
    refetchOnWindowFocus: fresh ? 'always' : true,
  });
  return useMemo(() => {
    const byType = new Map((data?.nodes ?? []).map((manifest) => [manifest.type, manifest]));
    const byVersion = new Map(
      [...(data?.olderVersions ?? []), ...(data?.nodes ?? [])].map((manifest) => [
        `${manifest.type}@${manifest.version}`,
        manifest,
      ]),
    );
    return {
      manifests: data?.nodes ?? [],
      lookup: (type: string, version?: number) =>
        version === undefined ? byType.get(type) : byVersion.get(`${type}@${version}`),
      labelOf: (type: string) => byType.get(type)?.label ?? type,
      isPending,
      error,
    };
  }, [data, isPending, error]);
}
