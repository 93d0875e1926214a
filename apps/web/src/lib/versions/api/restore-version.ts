import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VersionRestoreBody } from '@ponte/shared/versions.schema';
import { apiRequest } from '../../api/api-client';
import { versionsPath, versionsQueryKey } from './versioned-resource';
import type { VersionedResourceRef } from './versioned-resource';

/**
 * POST …/{id}/versions/{number}/restore: the version becomes the current one, as a new version.
 * `version` is the one the page showed (a 409 `version_conflict` when it is no longer current).
 * Answers the resource as it is now; the history is asked again.
 */
export function useRestoreVersion(resource: VersionedResourceRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ number, body }: { number: number; body: VersionRestoreBody }) =>
      apiRequest<unknown>(`${versionsPath(resource)}/${number}/restore`, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: versionsQueryKey(resource) }),
  });
}
