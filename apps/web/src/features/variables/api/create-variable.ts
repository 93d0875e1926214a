import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VariableBody } from '@ponte/shared/variables.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { variablesQueryKey } from './query-keys';

/** POST /api/v1/variables */
export function createVariable(body: VariableBody): Promise<unknown> {
  return apiRequest('/api/v1/variables', { method: 'POST', body });
}

export function useCreateVariable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVariable,
    onSettled: () => queryClient.invalidateQueries({ queryKey: variablesQueryKey }),
  });
}
