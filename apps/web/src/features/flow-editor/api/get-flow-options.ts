import { queryOptions, useQuery } from '@tanstack/react-query';
import { flowListSchema } from '@ponte/shared/flows.schema';
import { limits } from '@ponte/shared/limits';
import { apiRequest } from '../../../lib/api/api-client';
import { flowsQueryKey } from '../../../lib/flows/flows-query-key';

export interface FlowOption {
  value: string;
  label: string;
}

/** GET /api/v1/flows?page=1&limit=1000&fields=name: the flows a reference param may point to. */
export async function getFlowOptions(): Promise<FlowOption[]> {
  const list = await apiRequest('/api/v1/flows', {
    query: { page: 1, limit: limits.flowsLookup, fields: 'name' },
    schema: flowListSchema,
    silent: true,
  });
  return list.items.map((flow) => ({ value: flow._id, label: flow.name ?? flow._id }));
}

export function getFlowOptionsQueryOptions() {
  return queryOptions({
    queryKey: [...flowsQueryKey, 'lookup'],
    queryFn: getFlowOptions,
    staleTime: 60_000,
  });
}

export function useFlowOptions() {
  return useQuery(getFlowOptionsQueryOptions());
}
