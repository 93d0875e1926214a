import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { versionListSchema } from '@ponte/shared/versions.schema';
import type { VersionList } from '@ponte/shared/versions.schema';
import { apiRequest } from '../../api/api-client';
import { versionsPath, versionsQueryKey } from './versioned-resource';
import type { VersionedResourceRef } from './versioned-resource';

/** How many versions the history shows per page. */
export const versionsPageSize = 10;

/** GET …/{id}/versions?page&limit: one page of the history, the newest first. */
export function getVersions(resource: VersionedResourceRef, page: number): Promise<VersionList> {
  return apiRequest(versionsPath(resource), {
    query: { page, limit: versionsPageSize },
    schema: versionListSchema,
  });
}

/** The history while `enabled` (its drawer is open); asked again each time it opens. */
export function useVersions(resource: VersionedResourceRef, page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...versionsQueryKey(resource), 'list', page],
    queryFn: () => getVersions(resource, page),
    placeholderData: keepPreviousData,
    enabled,
  });
}
