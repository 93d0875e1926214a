import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
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
    // Flows are created in other tabs too: a short freshness, and a look again on focus.
    staleTime: 10_000,
    refetchOnWindowFocus: true,
  });
}

/**
 * The flows of the workspace and a lookup of a flow's name by id. `seenIds` are the flow ids
 * the page shows: one the lookup does not know (a flow created after it loaded) makes it ask
 * again, once per id. `refresh` asks again when the lookup is stale (e.g. a select opens).
 */
export function useFlowNames(seenIds: readonly string[] = []) {
  const query = useQuery(getFlowNamesQueryOptions());
  const { data, refetch } = query;
  const names = useMemo(() => new Map((data ?? []).map((flow) => [flow._id, flow.name])), [data]);
  const nameOf = useCallback((id: string) => names.get(id), [names]);
  const askedFor = useRef(new Set<string>());
  const unknownIds = data
    ? [...new Set(seenIds.filter((id) => id && !names.has(id)))].sort().join('\n')
    : '';

  useEffect(() => {
    const fresh = unknownIds.split('\n').filter((id) => id && !askedFor.current.has(id));
    if (fresh.length === 0) return;
    for (const id of fresh) askedFor.current.add(id);
    void refetch();
  }, [unknownIds, refetch]);

  const refresh = useCallback(() => {
    if (query.isStale) void refetch();
  }, [query.isStale, refetch]);

  return {
    flows: data ?? [],
    nameOf,
    refresh,
    isPending: query.isPending,
    isError: query.isError,
  };
}
