import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlertRuleBody } from '@ponte/shared/alert-rules.schema';
import { apiRequest } from '../../../lib/api/api-client';
import type { VersionStamp } from '../../../lib/versions/version-stamp';
import {
  alertRuleDetailKey,
  alertRulePath,
  alertRulesQueryKey,
  versionedAlertRuleSchema as alertRuleSchema,
} from './get-alert-rules';
import type { VersionedAlertRule as AlertRule } from './get-alert-rules';

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

/** PUT /api/v1/alert-rules/{id}: `version` is the one the editor loaded (409 when stale). */
export const useUpdateAlertRule = () =>
  useAlertRulesMutation(
    ({ id, body }: { id: string; body: AlertRuleBody & VersionStamp }): Promise<AlertRule> =>
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
