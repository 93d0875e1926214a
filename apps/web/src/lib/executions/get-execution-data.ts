import { queryOptions } from '@tanstack/react-query';
import { executionDataSchema } from '@ponte/shared/execution-data.schema';
import { apiRequest } from '../api/api-client';

export const executionDataQueryKey = (executionId: string) =>
  ['executions', executionId, 'data'] as const;

/** GET /api/v1/monitoring/executions/{id}/data: the nodes an execution ran, without messages. */
export function getExecutionData(executionId: string) {
  return apiRequest(`/api/v1/monitoring/executions/${encodeURIComponent(executionId)}/data`, {
    schema: executionDataSchema,
  });
}

export const executionDataQueryOptions = (executionId: string) =>
  queryOptions({
    queryKey: executionDataQueryKey(executionId),
    queryFn: () => getExecutionData(executionId),
  });
