import { queryOptions, useQuery } from '@tanstack/react-query';
import { entitySchema } from '@ponte/shared/db-tables.schema';
import type { Entity } from '@ponte/shared/db-tables.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { recordsQueryKey } from './get-records';

/** GET /api/v1/db/entities/{id} */
export function getRecord(id: string): Promise<Entity> {
  return apiRequest(`/api/v1/db/entities/${encodeURIComponent(id)}`, { schema: entitySchema });
}

export function getRecordQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...recordsQueryKey, 'detail', id],
    queryFn: () => getRecord(id),
  });
}

export function useRecord(id: string | undefined) {
  return useQuery({ ...getRecordQueryOptions(id ?? ''), enabled: Boolean(id) });
}
