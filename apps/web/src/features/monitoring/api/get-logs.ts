import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { limits } from '@ponte/shared/limits';
import { logListSchema } from '@ponte/shared/monitoring.schema';
import type { LogFilters, LogList } from '@ponte/shared/monitoring.schema';
import { apiRequest } from '../../../lib/api/api-client';

export interface LogsParams {
  page: number;
  filters: LogFilters;
}

/** GET /api/v1/monitoring/logs: 20 logs per page, `filters` as JSON; `total` stops at 10000. */
export function getLogs({ page, filters }: LogsParams): Promise<LogList> {
  return apiRequest('/api/v1/monitoring/logs', {
    query: { page, size: limits.monitoringPageSize, filters: JSON.stringify(filters) },
    schema: logListSchema,
  });
}

export const logsQueryKey = ['monitoring', 'logs'] as const;

export function getLogsQueryOptions(params: LogsParams) {
  return queryOptions({
    queryKey: [...logsQueryKey, params],
    queryFn: () => getLogs(params),
    placeholderData: keepPreviousData,
  });
}

/** `refreshMs` reloads the page at that interval (the auto-refresh of spec 1 §4); 0 is off. */
export function useLogs(params: LogsParams, refreshMs = 0) {
  return useQuery({ ...getLogsQueryOptions(params), refetchInterval: refreshMs || false });
}
