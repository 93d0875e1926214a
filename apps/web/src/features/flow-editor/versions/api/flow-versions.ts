import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { flowSchema, type Flow } from '@ponte/shared/flows.schema';
import { versionListSchema, versionSchema } from '@ponte/shared/versions.schema';
import { apiRequest } from '../../../../lib/api/api-client';
import { flowsQueryKey } from '../../../../lib/flows/flows-query-key';

const flowPath = (flowId: string) => `/api/v1/flows/${encodeURIComponent(flowId)}`;

/** Under the flows' key: a save (which invalidates it) refreshes the history too. */
export const flowVersionsKey = (flowId: string) => [...flowsQueryKey, 'versions', flowId] as const;

/** GET /api/v1/flows/{id}/versions: a page of the history, the newest first. */
export function flowVersionListOptions(flowId: string, page: number, limit = 20) {
  return queryOptions({
    queryKey: [...flowVersionsKey(flowId), 'list', page, limit],
    queryFn: () =>
      apiRequest(`${flowPath(flowId)}/versions`, {
        query: { page, limit },
        schema: versionListSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useFlowVersionList(flowId: string, page: number, enabled = true) {
  return useQuery({ ...flowVersionListOptions(flowId, page), enabled });
}

/** GET /api/v1/flows/{id}/versions/{n}: one version with its whole document. */
export function flowVersionOptions(flowId: string, number: number) {
  return queryOptions({
    queryKey: [...flowVersionsKey(flowId), 'one', number],
    queryFn: () => apiRequest(`${flowPath(flowId)}/versions/${number}`, { schema: versionSchema }),
    // A version is never rewritten.
    staleTime: Infinity,
  });
}

export function useFlowVersion(flowId: string, number: number | undefined) {
  return useQuery({
    ...flowVersionOptions(flowId, number ?? 0),
    enabled: number !== undefined && number > 0,
  });
}

/**
 * POST /api/v1/flows/{id}/versions/{n}/restore: the version becomes the current one as a new
 * version; `seen` is the current version the person saw (a 409 when someone saved since).
 */
export function restoreFlowVersion(flowId: string, number: number, seen?: number): Promise<Flow> {
  return apiRequest(`${flowPath(flowId)}/versions/${number}/restore`, {
    method: 'POST',
    body: seen === undefined ? {} : { version: seen },
    schema: flowSchema,
  });
}
