import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { entityListSchema } from '@ponte/shared/db-tables.schema';
import type { EntityFilter, EntityList } from '@ponte/shared/db-tables.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { tablesQueryKey } from './get-tables';

/** Under the tables' key: a change of records refreshes `entities_count` too. */
export const recordsQueryKey = [...tablesQueryKey, 'records'] as const;

export interface RecordsParams {
  page: number;
  size: number;
  filter: EntityFilter;
}

/** GET /api/v1/db/entities?page&size&filter (JSON). */
export function getRecords({ page, size, filter }: RecordsParams): Promise<EntityList> {
  return apiRequest('/api/v1/db/entities', {
    query: { page, size, filter: JSON.stringify(filter) },
    schema: entityListSchema,
  });
}

export function getRecordsQueryOptions(params: RecordsParams) {
  return queryOptions({
    queryKey: [...recordsQueryKey, 'list', params],
    queryFn: () => getRecords(params),
    placeholderData: keepPreviousData,
  });
}

export function useRecords(params: RecordsParams) {
  return useQuery(getRecordsQueryOptions(params));
}
