import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  titularSearchResultSchema,
  type TitularSearchResult,
} from '@ponte/shared/lgpd/titular.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { titularRequestsQueryKey } from './titular-query-keys';

/** POST /api/v1/lgpd/titulars/search: every place holding the titular (the search is recorded). */
export function searchTitular(query: string): Promise<TitularSearchResult> {
  return apiRequest('/api/v1/lgpd/titulars/search', {
    method: 'POST',
    body: { query },
    schema: titularSearchResultSchema,
  });
}

export function useSearchTitular() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: searchTitular,
    onSettled: () => queryClient.invalidateQueries({ queryKey: titularRequestsQueryKey }),
  });
}
