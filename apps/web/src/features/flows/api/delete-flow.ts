import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client';
import { flowsQueryKey } from '../../../lib/flows/flows-query-key';

/** DELETE /api/v1/flows/{id} */
export function deleteFlow(id: string): Promise<unknown> {
  return apiRequest(`/api/v1/flows/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFlow,
    // The removed flow's own query is left alone: refetching it would only answer 404.
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: flowsQueryKey,
        predicate: (query) => query.queryKey[1] !== 'detail',
      }),
  });
}
