import { queryOptions, useQuery } from '@tanstack/react-query';
import { flowSchema } from '@ponte/shared/flows.schema';
import type { Flow } from '@ponte/shared/flows.schema';
import { apiRequest } from '../../api/api-client';
import { flowsQueryKey } from '../flows-query-key';

/** GET /api/v1/flows/{id}: one flow with its document. */
export function getFlow(id: string): Promise<Flow> {
  return apiRequest(`/api/v1/flows/${encodeURIComponent(id)}`, { schema: flowSchema });
}

export function getFlowQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...flowsQueryKey, 'detail', id],
    queryFn: () => getFlow(id),
  });
}

export function useFlow(id: string | undefined) {
  return useQuery({ ...getFlowQueryOptions(id ?? ''), enabled: Boolean(id) });
}
