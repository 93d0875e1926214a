import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client';
import { tablesQueryKey } from './get-tables';

/** POST /api/v1/db/tables/{id}/duplicate {name} */
export function duplicateTable({ id, name }: { id: string; name: string }): Promise<unknown> {
  return apiRequest(`/api/v1/db/tables/${encodeURIComponent(id)}/duplicate`, {
    method: 'POST',
    body: { name },
  });
}

export function useDuplicateTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateTable,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tablesQueryKey }),
  });
}
