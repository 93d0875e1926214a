import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flowSchema } from '@ponte/shared/flows.schema';
import type { Flow } from '@ponte/shared/flows.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { flowsQueryKey } from '../../../lib/flows/flows-query-key';

/** POST /api/v1/flows/duplicate/{id}: the copy is created disabled. */
export function duplicateFlow(id: string): Promise<Flow> {
  return apiRequest(`/api/v1/flows/duplicate/${encodeURIComponent(id)}`, {
    method: 'POST',
    schema: flowSchema,
  });
}

export function useDuplicateFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateFlow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...flowsQueryKey, 'list'] }),
  });
}
