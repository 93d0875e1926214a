import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api/api-client';

const consumerSchema = z.object({
  _id: z.string(),
  name: z.string(),
  flow_id: z.object({ _id: z.string(), name: z.string() }).nullable(),
});

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
