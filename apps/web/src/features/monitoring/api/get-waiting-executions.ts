import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { waitingListSchema, type WaitingExecution } from '@ponte/shared/monitoring.schema';
import { apiRequest } from '../../../lib/api/api-client';

/** How often /monitoring/active asks for the executions that have not run. */
export const waitingPollMs = 3000;

export const waitingQueryKey = ['monitoring', 'waiting'] as const;

/**
 * GET /api/v1/monitoring/executions/waiting: queued and waiting executions with why (docs/adr/0111);
 * without the global loading indicator (it runs every 3 s).
 */
export function getWaitingExecutions(): Promise<{ items: WaitingExecution[] }> {
  return apiRequest('/api/v1/monitoring/executions/waiting', {
    schema: waitingListSchema,
    silent: true,
  });
}

export function useWaitingExecutions() {
  return useQuery(
    queryOptions({
      queryKey: waitingQueryKey,
      queryFn: getWaitingExecutions,
      refetchInterval: waitingPollMs,
    }),
  );
}

/** POST …/{executionId}/run-now: the new attempt runs without waiting. */
export function useRunNow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (executionId: string) =>
      apiRequest(`/api/v1/monitoring/executions/${encodeURIComponent(executionId)}/run-now`, {
        method: 'POST',
        body: {},
      }),
    onSettled: () => client.invalidateQueries({ queryKey: waitingQueryKey }),
  });
}
