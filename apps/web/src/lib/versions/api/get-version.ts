import { useQuery } from '@tanstack/react-query';
import { versionSchema } from '@ponte/shared/versions.schema';
import type { Version } from '@ponte/shared/versions.schema';
import { apiRequest } from '../../api/api-client';
import { versionsPath, versionsQueryKey } from './versioned-resource';
import type { VersionedResourceRef } from './versioned-resource';

/** GET …/{id}/versions/{number}: the whole document the resource had at that version. */
export function getVersion(resource: VersionedResourceRef, number: number): Promise<Version> {
  return apiRequest(`${versionsPath(resource)}/${number}`, { schema: versionSchema });
}

/** One version (a version is never rewritten: once read, it stays). */
export function useVersion(resource: VersionedResourceRef, number: number | null) {
  return useQuery({
    queryKey: [...versionsQueryKey(resource), 'version', number ?? 0],
    queryFn: () => getVersion(resource, number ?? 0),
    enabled: number !== null,
    staleTime: Infinity,
  });
}
