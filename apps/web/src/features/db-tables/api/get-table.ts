import { queryOptions, useQuery } from '@tanstack/react-query';
import { tableSchema } from '@ponte/shared/db-tables.schema';
import type { Table } from '@ponte/shared/db-tables.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { tablesQueryKey } from './get-tables';

/** GET /api/v1/db/tables/{id} */
export function getTable(id: string): Promise<Table> {
  return apiRequest(`/api/v1/db/tables/${encodeURIComponent(id)}`, { schema: tableSchema });
}

export function getTableQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...tablesQueryKey, 'detail', id],
    queryFn: () => getTable(id),
  });
}

export function useTable(id: string | undefined) {
  return useQuery({ ...getTableQueryOptions(id ?? ''), enabled: Boolean(id) });
}
