import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { flowListSchema } from '@ponte/shared/flows.schema';
import type { FlowList } from '@ponte/shared/flows.schema';
import { limits } from '@ponte/shared/limits';
import { apiRequest } from '../../../lib/api/api-client';
import { flowsQueryKey } from '../../../lib/flows/flows-query-key';

export type FlowStatusFilter = 'all' | 'enabled' | 'disabled';

export interface FlowsParams {
  page: number;
  query: string;
  status: FlowStatusFilter;
  /** The group chosen in the header; '' for every group. */
  group: string;
}

/** GET /api/v1/flows: one page of 10 without the documents (thumbnails kept). */
export function getFlows({ page, query, status, group }: FlowsParams): Promise<FlowList> {
  return apiRequest('/api/v1/flows', {
    query: { page, limit: limits.flowsPageSize, query, status, fields: '-data', group },
    schema: flowListSchema,
  });
}

export function getFlowsQueryOptions(params: FlowsParams) {
  return queryOptions({
    queryKey: [...flowsQueryKey, 'list', params],
    queryFn: () => getFlows(params),
    placeholderData: keepPreviousData,
  });
}

export function useFlows(params: FlowsParams) {
  return useQuery(getFlowsQueryOptions(params));
}
