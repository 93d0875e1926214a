import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { limits } from '@ponte/shared/limits';
import { completedListSchema } from '@ponte/shared/monitoring.schema';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api/api-client';

export type CompletedList = z.infer<typeof completedListSchema>;
export type CompletedExecution = CompletedList['items'][number];

/** GET /api/v1/monitoring/executions/completed: 10 finished executions per page, newest first. */
export function getCompletedExecutions(page: number): Promise<CompletedList> {
  return apiRequest('/api/v1/monitoring/executions/completed', {
    query: { page, size: limits.completedPageSize },
    schema: completedListSchema,
  });
}

export const completedExecutionsQueryKey = ['monitoring', 'completed'] as const;

export function getCompletedExecutionsQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...completedExecutionsQueryKey, 'list', page],
    queryFn: () => getCompletedExecutions(page),
    placeholderData: keepPreviousData,
  });
}

export function useCompletedExecutions(page: number) {
  return useQuery(getCompletedExecutionsQueryOptions(page));
}
