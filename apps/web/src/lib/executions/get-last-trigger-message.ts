import { queryOptions } from '@tanstack/react-query';
import { lastTriggerMessageSchema } from '@ponte/shared/execution-data.schema';
import { apiRequest } from '../api/api-client';

/** GET /engine/flow/last-trigger-message/{flowId}/{nodeUid}: a webhook's last received request. */
export function getLastTriggerMessage(flowId: string, nodeUid: string) {
  return apiRequest(
    `/engine/flow/last-trigger-message/${encodeURIComponent(flowId)}/${encodeURIComponent(nodeUid)}`,
    { schema: lastTriggerMessageSchema },
  );
}

export const lastTriggerMessageQueryOptions = (flowId: string, nodeUid: string) =>
  queryOptions({
    queryKey: ['flows', flowId, 'last-trigger-message', nodeUid] as const,
    queryFn: () => getLastTriggerMessage(flowId, nodeUid),
    // A new request may have arrived since the last opening.
    staleTime: 0,
  });
