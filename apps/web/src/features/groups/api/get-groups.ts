import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { groupListSchema } from '@ponte/shared/groups.schema';
import type { GroupList } from '@ponte/shared/groups.schema';
import { limits } from '@ponte/shared/limits';
import { apiRequest } from '../../../lib/api/api-client';
import { groupsQueryKey } from '../../../lib/groups/get-group-options';

export interface GroupsParams {
  page: number;
  query: string;
}

/** GET /api/v1/groups: one page of 10, optionally filtered by name. */
export function getGroups({ page, query }: GroupsParams): Promise<GroupList> {
  return apiRequest('/api/v1/groups', {
    query: { page, limit: limits.groupsPageSize, query },
    schema: groupListSchema,
  });
}

export function getGroupsQueryOptions(params: GroupsParams) {
  return queryOptions({
    queryKey: [...groupsQueryKey, 'list', params],
    queryFn: () => getGroups(params),
    placeholderData: keepPreviousData,
  });
}

export function useGroups(params: GroupsParams) {
  return useQuery(getGroupsQueryOptions(params));
}
