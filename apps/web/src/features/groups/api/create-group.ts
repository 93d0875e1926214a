import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GroupBody } from '@ponte/shared/groups.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { groupsQueryKey } from '../../../lib/groups/get-group-options';

/** POST /api/v1/groups */
export function createGroup(body: GroupBody): Promise<unknown> {
  return apiRequest('/api/v1/groups', { method: 'POST', body });
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSettled: () => queryClient.invalidateQueries({ queryKey: groupsQueryKey }),
  });
}
