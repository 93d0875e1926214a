import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { limits } from '@ponte/shared/limits';
import { listResponseSchema } from '@ponte/shared/pagination';
import { apiRequest } from '../../../lib/api/api-client';

export interface QueueName {
  _id: string;
  name: string;
}

/** Only what the picker needs of each queue (the list answers whole queues). */
const queueNamesSchema = listResponseSchema(z.object({ _id: z.string(), name: z.string() }));
const consumerSchema = z.object({
  _id: z.string(),
  name: z.string(),
  flow_id: z.object({ _id: z.string(), name: z.string() }).nullable(),
});

/** GET /api/v1/queues?page=1&size=1000: the workspace's queues for the picker (spec 2 §7). */
async function getQueueNames(): Promise<QueueName[]> {
  const list = await apiRequest('/api/v1/queues', {
    query: { page: 1, size: limits.queuesLookup },
    schema: queueNamesSchema,
    silent: true,
  });
  return list.items.map(({ _id, name }) => ({ _id, name }));
}

export function useQueueNames() {
  const query = useQuery(
    queryOptions({
      // Under ['queues']: the queue screens' invalidations refresh the picker too.
      queryKey: ['queues', 'names'],
      queryFn: getQueueNames,
      staleTime: 10_000,
      refetchOnWindowFocus: true,
    }),
  );
  return { queues: query.data ?? [], isPending: query.isPending, isError: query.isError };
}

/** GET /api/v1/queues/{id}: the queue's active consumer flow, or null (none, or no such queue). */
export function useQueueConsumer(queueId: string | null) {
  const query = useQuery(
    queryOptions({
      queryKey: ['queues', 'consumer', queueId],
      queryFn: () =>
        apiRequest(`/api/v1/queues/${encodeURIComponent(queueId ?? '')}`, {
          schema: consumerSchema,
          silent: true,
        }),
      enabled: queueId !== null,
      staleTime: 10_000,
      refetchOnWindowFocus: true,
      retry: false,
    }),
  );
  return query.data ?? null;
}
