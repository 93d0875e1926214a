import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GroupBody } from '@ponte/shared/groups.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { groupsQueryKey } from '../../../lib/groups/get-group-options';

/** PUT /api/v1/groups/{id} */
export function updateGroup({ id, body }: { id: string; body: GroupBody }): Promise<unknown> {
  return apiRequest(`/api/v1/groups/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function useUpdateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGroup,
    onSettled: () => queryClient.invalidateQueries({ queryKey: groupsQueryKey }),
  });
}
