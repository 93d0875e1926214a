import { queryOptions, useQuery } from '@tanstack/react-query';
import { groupSchema } from '@ponte/shared/groups.schema';
import type { Group } from '@ponte/shared/groups.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { groupsQueryKey } from '../../../lib/groups/get-group-options';

/** GET /api/v1/groups/{id} */
export function getGroup(id: string): Promise<Group> {
  return apiRequest(`/api/v1/groups/${encodeURIComponent(id)}`, { schema: groupSchema });
}

export function getGroupQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...groupsQueryKey, 'detail', id],
    queryFn: () => getGroup(id),
  });
}

export function useGroup(id: string | undefined) {
  return useQuery({ ...getGroupQueryOptions(id ?? ''), enabled: Boolean(id) });
}
