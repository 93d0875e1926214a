import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  jobListSchema,
  queueDepthSchema,
  queueListSchema,
  queueRestoresSchema,
  queueSchema,
} from '@ponte/shared/queues.schema';
import type { JobList, JobState, Queue, QueueList } from '@ponte/shared/queues.schema';
import { limits } from '@ponte/shared/limits';
import { apiRequest } from '../../../lib/api/api-client';
import { withVersion } from '../../../lib/versions/version-stamp';

/** Every query about queues (and their jobs) starts with this key. */
export const queuesQueryKey = ['queues'] as const;

export interface QueuesParams {
  page: number;
  query: string;
  group: string;
}

const queuePath = (id: string) => `/api/v1/queues/${encodeURIComponent(id)}`;

/** A queue as the API sends it, with the number of its current version (docs/adr/0103). */
export const versionedQueueSchema = withVersion(queueSchema);
export type VersionedQueue = Queue & { version?: number };

/** GET /api/v1/queues: one page of 10, by name and the selected group. */
export function getQueues({ page, query, group }: QueuesParams): Promise<QueueList> {
  return apiRequest('/api/v1/queues', {
    query: { page, size: limits.queuesPageSize, query, group },
    schema: queueListSchema,
  });
}

export function useQueues(params: QueuesParams) {
  return useQuery(
    queryOptions({
      queryKey: [...queuesQueryKey, 'list', params],
      queryFn: () => getQueues(params),
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /api/v1/queues/{id}: the queue with its counters and consumer flow. */
export function getQueue(id: string): Promise<VersionedQueue> {
  return apiRequest(queuePath(id), { schema: versionedQueueSchema });
}

export function useQueue(id: string | undefined) {
  return useQuery({
    queryKey: [...queuesQueryKey, 'detail', id ?? ''],
    queryFn: () => getQueue(id ?? ''),
    enabled: Boolean(id),
  });
}

export interface JobsParams {
  page: number;
  states?: JobState[];
}

/** GET /api/v1/queues/jobs/{id}: one page of 10 jobs (the pending states unless told). */
export function getQueueJobs(id: string, { page, states }: JobsParams): Promise<JobList> {
  return apiRequest(`/api/v1/queues/jobs/${encodeURIComponent(id)}`, {
    query: {
      page,
      limit: limits.queueJobsPageSize,
      ...(states ? { statusList: states.join(',') } : {}),
    },
    schema: jobListSchema,
  });
}

export function useQueueJobs(id: string, params: JobsParams) {
  return useQuery({
    queryKey: [...queuesQueryKey, 'detail', id, 'jobs', params],
    queryFn: () => getQueueJobs(id, params),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v1/queues/{id}/depth: the counters sampled over the last hour. */
export function useQueueDepth(id: string) {
  return useQuery({
    queryKey: [...queuesQueryKey, 'detail', id, 'depth'],
    queryFn: () => apiRequest(`${queuePath(id)}/depth`, { schema: queueDepthSchema, silent: true }),
  });
}

/** GET /api/v1/queues/{id}/restores: messages published again after Redis lost its data. */
export function useQueueRestores(id: string) {
  return useQuery({
    queryKey: [...queuesQueryKey, 'detail', id, 'restores'],
    queryFn: () =>
      apiRequest(`${queuePath(id)}/restores`, { schema: queueRestoresSchema, silent: true }),
  });
}
