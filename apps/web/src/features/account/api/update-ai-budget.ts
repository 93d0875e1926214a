import { useMutation, useQueryClient } from '@tanstack/react-query';
import { aiBudgetSchema, type AiBudget, type AiBudgetBody } from '@ponte/shared/ai-usage.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { aiBudgetQueryKey } from './get-ai-budget';

/** PUT /api/v1/workspaces/current/ai-budget (the owner only); null: no limit. */
export function updateAiBudget(body: AiBudgetBody): Promise<AiBudget> {
  return apiRequest('/api/v1/workspaces/current/ai-budget', {
    method: 'PUT',
    body,
    schema: aiBudgetSchema,
  });
}

export function useUpdateAiBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAiBudget,
    onSuccess: (saved) => queryClient.setQueryData(aiBudgetQueryKey, saved),
  });
}
