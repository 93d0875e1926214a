import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flowSchema } from '@ponte/shared/flows.schema';
import type { Flow, FlowBody } from '@ponte/shared/flows.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { flowsQueryKey } from '../../../lib/flows/flows-query-key';

export type FlowCreateInput = Partial<FlowBody> & Pick<FlowBody, 'name'>;

/** POST /api/v1/flows: a new flow is created on its first save (spec 1 §4). */
export function createFlow(body: FlowCreateInput): Promise<Flow> {
  return apiRequest('/api/v1/flows', { method: 'POST', body, schema: flowSchema });
}

export function useCreateFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFlow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: flowsQueryKey }),
  });
}
