import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alertRuleSchema } from '@ponte/shared/alert-rules.schema';
import type { AlertRule, AlertRuleBody } from '@ponte/shared/alert-rules.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { alertRuleDetailKey, alertRulePath, alertRulesQueryKey } from './get-alert-rules';

/**
 * A change to a rule changes the lists; a saved rule's answer becomes its detail. The removed
 * rule's own query is left alone (it would only answer 404).
 */
function useAlertRulesMutation<T, R>(run: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (result) => {
      const saved = alertRuleSchema.safeParse(result);
      if (saved.success) queryClient.setQueryData(alertRuleDetailKey(saved.data._id), saved.data);
      return queryClient.invalidateQueries({
        queryKey: alertRulesQueryKey,
        predicate: (query) => query.queryKey[1] !== 'detail',
      });
    },
  });
}

/** POST /api/v1/alert-rules */
export const useCreateAlertRule = () =>
  useAlertRulesMutation((body: AlertRuleBody): Promise<AlertRule> =>
    apiRequest('/api/v1/alert-rules', { method: 'POST', body, schema: alertRuleSchema }),
  );

/** PUT /api/v1/alert-rules/{id} */
export const useUpdateAlertRule = () =>
  useAlertRulesMutation(({ id, body }: { id: string; body: AlertRuleBody }): Promise<AlertRule> =>
    apiRequest(alertRulePath(id), { method: 'PUT', body, schema: alertRuleSchema }),
  );

/** POST /api/v1/alert-rules/duplicate/{id}: the copy is created disabled. */
export const useDuplicateAlertRule = () =>
  useAlertRulesMutation((id: string): Promise<AlertRule> =>
    apiRequest(`/api/v1/alert-rules/duplicate/${encodeURIComponent(id)}`, {
      method: 'POST',
      schema: alertRuleSchema,
    }),
  );

/** DELETE /api/v1/alert-rules/{id} */
export const useDeleteAlertRule = () =>
  useAlertRulesMutation((id: string) => apiRequest(alertRulePath(id), { method: 'DELETE' }));
