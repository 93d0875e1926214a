import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client';
import { tablesQueryKey } from './get-tables';

/** DELETE /api/v1/db/tables/{id} (its records go with it). */
export function deleteTable(id: string): Promise<unknown> {
  return apiRequest(`/api/v1/db/tables/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTable,
    // The removed table's own query is left alone: refetching it would only answer 404.
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: tablesQueryKey,
        predicate: (query) => query.queryKey[1] !== 'detail',
      }),
  });
}
