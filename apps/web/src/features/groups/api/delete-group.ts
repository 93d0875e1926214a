import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client';
import { groupsQueryKey } from '../../../lib/groups/get-group-options';

/** DELETE /api/v1/groups/{id} */
export function deleteGroup(id: string): Promise<unknown> {
  return apiRequest(`/api/v1/groups/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    // The removed group's own query is left alone: refetching it would only answer 404.
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: groupsQueryKey,
        predicate: (query) => query.queryKey[1] !== 'detail',
      }),
  });
}
