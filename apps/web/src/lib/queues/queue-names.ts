import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { limits } from '@ponte/shared/limits';
import { listResponseSchema } from '@ponte/shared/pagination';
import { apiRequest } from '../api/api-client';

export interface QueueName {
  _id: string;
  name: string;
}

/** Only what a picker needs of each queue (the list answers whole queues). */
const queueNamesSchema = listResponseSchema(z.object({ _id: z.string(), name: z.string() }));

/** GET /api/v1/queues?page=1&size=1000: the workspace's queues for a picker (spec 2 §7). */
async function getQueueNames(): Promise<QueueName[]> {
  const list = await apiRequest('/api/v1/queues', {
    query: { page: 1, size: limits.queuesLookup },
    schema: queueNamesSchema,
    silent: true,
  });
  return list.items.map(({ _id, name }) => ({ _id, name }));
}

/** The workspace's queue names: the flow editor's queue field and the 'Fila acumulada' rule. */
export function useQueueNames() {
  const query = useQuery(
    queryOptions({
      // Under ['queues']: the queue screens' invalidations refresh the pickers too.
      queryKey: ['queues', 'names'],
      queryFn: getQueueNames,
      staleTime: 10_000,
      refetchOnWindowFocus: true,
    }),
  );
  return { queues: query.data ?? [], isPending: query.isPending, isError: query.isError };
}
