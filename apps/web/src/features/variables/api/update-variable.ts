import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VariableBody } from '@ponte/shared/variables.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { variablesQueryKey } from './query-keys';

/** PUT /api/v1/variables/{id} */
export function updateVariable({ id, body }: { id: string; body: VariableBody }): Promise<unknown> {
  return apiRequest(`/api/v1/variables/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function useUpdateVariable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVariable,
    onSettled: () => queryClient.invalidateQueries({ queryKey: variablesQueryKey }),
  });
}
