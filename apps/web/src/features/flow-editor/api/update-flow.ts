import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flowSchema } from '@ponte/shared/flows.schema';
import type { Flow, FlowUpdate } from '@ponte/shared/flows.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { flowsQueryKey } from '../../../lib/flows/flows-query-key';

/** PUT /api/v1/flows/{id}: saves the editor's whole state. */
export function updateFlow({ id, body }: { id: string; body: Partial<FlowUpdate> }): Promise<Flow> {
  return apiRequest(`/api/v1/flows/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    schema: flowSchema,
  });
}

export function useUpdateFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFlow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: flowsQueryKey }),
  });
}
