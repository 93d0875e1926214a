import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { flowListSchema } from '@ponte/shared/flows.schema';
import { limits } from '@ponte/shared/limits';
import { apiRequest } from '../../api/api-client';
import { flowsQueryKey } from '../flows-query-key';

export interface FlowName {
  _id: string;
  name: string;
}

/**
 * GET /api/v1/flows?page=1&limit=1000&fields=name: the names for selects, tables and the flow
 * reference params of the editor.
 */
export async function getFlowNames(): Promise<FlowName[]> {
  const list = await apiRequest('/api/v1/flows', {
    query: { page: 1, limit: limits.flowsLookup, fields: 'name' },
    schema: flowListSchema,
    silent: true,
  });
  return list.items.map((flow) => ({ _id: flow._id, name: flow.name ?? '' }));
}

export function getFlowNamesQueryOptions() {
  return queryOptions({
    queryKey: [...flowsQueryKey, 'names'],
    queryFn: getFlowNames,
    staleTime: 60_000,
  });
}

/** The flows of the workspace and a lookup of a flow's name by id. */
export function useFlowNames() {
  const query = useQuery(getFlowNamesQueryOptions());
  const nameOf = useMemo(() => {
    const names = new Map((query.data ?? []).map((flow) => [flow._id, flow.name]));
    return (id: string) => names.get(id);
  }, [query.data]);
  return {
    flows: query.data ?? [],
    nameOf,
    isPending: query.isPending,
    isError: query.isError,
  };
}
