import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  retentionApplyResultSchema,
  retentionOverviewSchema,
  retentionRunListSchema,
  retentionRunsPageSize,
  retentionTargetsSchema,
  type RetentionRuleBody,
} from '@ponte/shared/lgpd/retention.schema';
import { apiRequest } from '../../lib/api/api-client';

/** Every query of the 'Retenção' tab starts with this key. */
export const retentionQueryKey = ['lgpd', 'retention'] as const;

const rulePath = (id: string) => `/api/v1/lgpd/retention/rules/${encodeURIComponent(id)}`;

/** GET /api/v1/lgpd/retention: the instance's days, the flows with their own, the rules. */
export function useRetentionOverview() {
  return useQuery({
    queryKey: [...retentionQueryKey, 'overview'],
    queryFn: () => apiRequest('/api/v1/lgpd/retention', { schema: retentionOverviewSchema }),
  });
}

/** GET /api/v1/lgpd/retention/targets: the tables (with their date fields) and the queues. */
export function useRetentionTargets(enabled: boolean) {
  return useQuery({
    queryKey: [...retentionQueryKey, 'targets'],
    queryFn: () => apiRequest('/api/v1/lgpd/retention/targets', { schema: retentionTargetsSchema }),
    enabled,
  });
}

/** GET /api/v1/lgpd/retention/runs: a page of the history, newest first. */
export function useRetentionRuns(page: number) {
  return useQuery({
    queryKey: [...retentionQueryKey, 'runs', page],
    queryFn: () =>
      apiRequest('/api/v1/lgpd/retention/runs', {
        query: { page, limit: retentionRunsPageSize },
        schema: retentionRunListSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

function useRetentionMutation<T, R>(run: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: retentionQueryKey }),
  });
}

/** POST /api/v1/lgpd/retention/rules, or PUT /api/v1/lgpd/retention/rules/{id} with an id. */
export const useSaveRetentionRule = () =>
  useRetentionMutation(({ id, body }: { id: string | null; body: RetentionRuleBody }) =>
    id
      ? apiRequest(rulePath(id), { method: 'PUT', body })
      : apiRequest('/api/v1/lgpd/retention/rules', { method: 'POST', body }),
  );

/** DELETE /api/v1/lgpd/retention/rules/{id} */
export const useDeleteRetentionRule = () =>
  useRetentionMutation((id: string) => apiRequest(rulePath(id), { method: 'DELETE' }));

/** POST /api/v1/lgpd/retention/rules/{id}/apply: 'Aplicar agora'. */
export const useApplyRetentionRule = () =>
  useRetentionMutation((id: string) =>
    apiRequest(`${rulePath(id)}/apply`, { method: 'POST', schema: retentionApplyResultSchema }),
  );
