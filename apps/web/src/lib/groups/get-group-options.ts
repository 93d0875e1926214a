import { queryOptions, useQuery } from '@tanstack/react-query';
import { groupListSchema } from '@ponte/shared/groups.schema';
import type { GroupList } from '@ponte/shared/groups.schema';
import { limits } from '@ponte/shared/limits';
import { apiRequest } from '../api/api-client';

/** Every query about groups starts with this key: invalidating it refreshes lists and selectors. */
export const groupsQueryKey = ['groups'] as const;

/** GET /api/v1/groups?page=1&limit=100: the lookup behind the header selector and group fields. */
export function getGroupOptions(): Promise<GroupList> {
  return apiRequest('/api/v1/groups', {
    query: { page: 1, limit: limits.groupsLookup },
    schema: groupListSchema,
    silent: true,
  });
}

export function getGroupOptionsQueryOptions() {
  return queryOptions({
    queryKey: [...groupsQueryKey, 'lookup'],
    queryFn: getGroupOptions,
    staleTime: 60_000,
  });
}

export function useGroupOptions() {
  return useQuery(getGroupOptionsQueryOptions());
}
