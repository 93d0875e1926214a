import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  titularRequestListSchema,
  type TitularRequestList,
} from '@ponte/shared/lgpd/titular.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { titularRequestsQueryKey } from './titular-query-keys';

export const titularRequestsPageSize = 10;

/** GET /api/v1/lgpd/titulars/requests?page&limit: the workspace's requests, newest first. */
export function getTitularRequests(page: number): Promise<TitularRequestList> {
  return apiRequest('/api/v1/lgpd/titulars/requests', {
    query: { page, limit: titularRequestsPageSize },
    schema: titularRequestListSchema,
  });
}

export function useTitularRequests(page: number) {
  return useQuery(
    queryOptions({
      queryKey: [...titularRequestsQueryKey, page],
      queryFn: () => getTitularRequests(page),
      placeholderData: keepPreviousData,
    }),
  );
}
