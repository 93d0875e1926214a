import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { customNodeListSchema, customNodeSchema } from '@ponte/shared/custom-nodes.schema';
import type { CustomNode, CustomNodeList } from '@ponte/shared/custom-nodes.schema';
import { limits } from '@ponte/shared/limits';
import { apiRequest } from '../../../lib/api/api-client';

/** Every query about connectors starts with this key. */
export const customNodesQueryKey = ['custom-nodes'] as const;

export const customNodeDetailKey = (id: string) => [...customNodesQueryKey, 'detail', id] as const;

export interface CustomNodesParams {
  page: number;
  query: string;
  group: string;
}

export const customNodePath = (id: string) => `/api/v1/custom-nodes/${encodeURIComponent(id)}`;

/** GET /api/v1/custom-nodes: one page of 10, by name and the selected group. */
export function getCustomNodes({ page, query, group }: CustomNodesParams): Promise<CustomNodeList> {
  return apiRequest('/api/v1/custom-nodes', {
    query: { page, limit: limits.customNodesPageSize, query, group },
    schema: customNodeListSchema,
  });
}

export function useCustomNodes(params: CustomNodesParams) {
  return useQuery(
    queryOptions({
      queryKey: [...customNodesQueryKey, 'list', params],
      queryFn: () => getCustomNodes(params),
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /api/v1/custom-nodes/{id}: the connector with its params, handler and version. */
export function getCustomNode(id: string): Promise<CustomNode> {
  return apiRequest(customNodePath(id), { schema: customNodeSchema });
}

export function useCustomNode(id: string | undefined) {
  return useQuery({
    queryKey: customNodeDetailKey(id ?? ''),
    queryFn: () => getCustomNode(id ?? ''),
    enabled: Boolean(id),
  });
}
