import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { limits } from '@ponte/shared/limits';
import { listResponseSchema } from '@ponte/shared/pagination';
import { apiRequest } from '../../lib/api/api-client';

/** Only what the picker needs of each queue (the list answers whole queues). */
const queueNamesSchema = listResponseSchema(z.object({ _id: z.string(), name: z.string() }));

/** GET /api/v1/queues?page=1&size=1000: the workspace's queues for the 'Fila acumulada' rule. */
export function useQueueNames() {
  const query = useQuery(
    queryOptions({
      // Under ['queues']: the queue screens' invalidations refresh the picker too.
      queryKey: ['queues', 'names', 'alert-rules'],
      queryFn: async () => {
        const list = await apiRequest('/api/v1/queues', {
          query: { page: 1, size: limits.queuesLookup },
          schema: queueNamesSchema,
          silent: true,
        });
        return list.items.map(({ _id, name }) => ({ _id, name }));
      },
      staleTime: 10_000,
      refetchOnWindowFocus: true,
    }),
  );
  return { queues: query.data ?? [] };
}
