import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client';
import { variablesQueryKey } from './query-keys';

/** DELETE /api/v1/variables/{id} */
export function deleteVariable(id: string): Promise<unknown> {
  return apiRequest(`/api/v1/variables/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteVariable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVariable,
    onSettled: () => queryClient.invalidateQueries({ queryKey: variablesQueryKey }),
  });
}
