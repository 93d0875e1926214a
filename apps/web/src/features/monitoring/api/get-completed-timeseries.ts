import { queryOptions, useQuery } from '@tanstack/react-query';
import { timeseriesSchema } from '@ponte/shared/monitoring.schema';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api/api-client';
import { completedExecutionsQueryKey } from './get-completed-executions';

export type Timeseries = z.infer<typeof timeseriesSchema>;

/** GET /api/v1/monitoring/executions/completed/timeseries: executions per minute, last hour. */
export function getCompletedTimeseries(): Promise<Timeseries> {
  return apiRequest('/api/v1/monitoring/executions/completed/timeseries', {
    schema: timeseriesSchema,
  });
}

export function getCompletedTimeseriesQueryOptions() {
  return queryOptions({
    queryKey: [...completedExecutionsQueryKey, 'timeseries'],
    queryFn: getCompletedTimeseries,
  });
}

export function useCompletedTimeseries() {
  return useQuery(getCompletedTimeseriesQueryOptions());
}
