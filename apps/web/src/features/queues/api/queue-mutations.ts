import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queueSchema } from '@ponte/shared/queues.schema';
import type { JobBody, QueueBody, QueueUpdateBody } from '@ponte/shared/queues.schema';
import { apiRequest } from '../../../lib/api/api-client';
import type { VersionStamp } from '../../../lib/versions/version-stamp';
import { queuesQueryKey, versionedQueueSchema } from './get-queues';

const id$ = (id: string) => encodeURIComponent(id);

/** Refreshes every queue query but the removed queue's own (it would only answer 404). */
function useQueuesMutation<T>(run: (input: T) => Promise<unknown>, keepDetail = true) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: queuesQueryKey,
        predicate: keepDetail ? undefined : (query) => query.queryKey[1] !== 'detail',
      }),
  });
}

/** POST /api/v1/queues */
export const useCreateQueue = () =>
  useQueuesMutation((body: QueueBody) =>
    apiRequest('/api/v1/queues', { method: 'POST', body, schema: queueSchema }),
  );

/** PUT /api/v1/queues: `_id` in the body, and the version the form loaded (409 when stale). */
export const useUpdateQueue = () =>
  useQueuesMutation((body: QueueUpdateBody & VersionStamp) =>
    apiRequest('/api/v1/queues', { method: 'PUT', body, schema: versionedQueueSchema }),
  );

/** DELETE /api/v1/queues: `_id` in the body; its pending jobs go with it. */
export const useDeleteQueue = () =>
  useQueuesMutation(
    (id: string) => apiRequest('/api/v1/queues', { method: 'DELETE', body: { _id: id } }),
    false,
  );

export type QueueControl = 'pause' | 'resume' | 'clean';

/** POST /api/v1/queues/control/{pause|resume|clean}/{id} */
export const useControlQueue = () =>
  useQueuesMutation(({ id, action }: { id: string; action: QueueControl }) =>
    apiRequest(`/api/v1/queues/control/${action}/${id$(id)}`, { method: 'POST' }),
  );

/** POST /api/v1/queues/jobs/new/{id} */
export const useAddJob = () =>
  useQueuesMutation(({ id, body }: { id: string; body: JobBody }) =>
    apiRequest(`/api/v1/queues/jobs/new/${id$(id)}`, { method: 'POST', body }),
  );

/** DELETE /api/v1/queues/jobs/remove/{id}/{jobId} */
export const useRemoveJob = () =>
  useQueuesMutation(({ id, jobId }: { id: string; jobId: string }) =>
    apiRequest(`/api/v1/queues/jobs/remove/${id$(id)}/${id$(jobId)}`, { method: 'DELETE' }),
  );

/** POST /api/v1/queues/jobs/retry/{id}/{jobId}: a failed job back to the queue. */
export const useRetryJob = () =>
  useQueuesMutation(({ id, jobId }: { id: string; jobId: string }) =>
    apiRequest(`/api/v1/queues/jobs/retry/${id$(id)}/${id$(jobId)}`, { method: 'POST' }),
  );
