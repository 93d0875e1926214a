import { queryOptions } from '@tanstack/react-query';
import { nodeDataSchema } from '@ponte/shared/execution-data.schema';
import { apiRequest } from '../api/api-client';

/** GET /api/v1/monitoring/executions/{id}/data/{nodeUid}: every run of one node, with messages. */
export function getNodeData(executionId: string, nodeUid: string) {
  return apiRequest(
    `/api/v1/monitoring/executions/${encodeURIComponent(executionId)}/data/${encodeURIComponent(nodeUid)}`,
    { schema: nodeDataSchema },
  );
}

export const nodeDataQueryOptions = (executionId: string, nodeUid: string) =>
  queryOptions({
    queryKey: ['executions', executionId, 'data', nodeUid] as const,
    queryFn: () => getNodeData(executionId, nodeUid),
    // An ended execution's data never changes; one that waited for an approval is read again
    // when its live status says it ended (use-run-in-view).
    staleTime: Infinity,
  });
