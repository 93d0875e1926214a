import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { tableListSchema, tableSchema } from '@ponte/shared/db-tables.schema';
import type { Table, TableBody, TableList } from '@ponte/shared/db-tables.schema';
import { limits } from '@ponte/shared/limits';
import { apiRequest } from '../../../lib/api/api-client';

/** Every query about tables starts with this key. */
export const tablesQueryKey = ['db-tables'] as const;

const tablePath = (id: string) => `/api/v1/db/tables/${encodeURIComponent(id)}`;

export interface TablesParams {
  page: number;
  query: string;
  group: string;
}

/** GET /api/v1/db/tables: one page of 10, by name and the selected group. */
export function getTables({ page, query, group }: TablesParams): Promise<TableList> {
  return apiRequest('/api/v1/db/tables', {
    query: { page, limit: limits.tablesPageSize, query, group },
    schema: tableListSchema,
  });
}

export function useTables(params: TablesParams) {
  return useQuery(
    queryOptions({
      queryKey: [...tablesQueryKey, 'list', params],
      queryFn: () => getTables(params),
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /api/v1/db/tables/{id} */
export function getTable(id: string): Promise<Table> {
  return apiRequest(tablePath(id), { schema: tableSchema });
}

export function useTable(id: string | undefined) {
  return useQuery({
    queryKey: [...tablesQueryKey, 'detail', id ?? ''],
    queryFn: () => getTable(id ?? ''),
    enabled: Boolean(id),
  });
}

/** POST /api/v1/db/tables, or PUT /api/v1/db/tables/{id} when an id is given. */
export function useSaveTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: TableBody }) =>
      id
        ? apiRequest(tablePath(id), { method: 'PUT', body, schema: tableSchema })
        : apiRequest('/api/v1/db/tables', { method: 'POST', body, schema: tableSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tablesQueryKey }),
  });
}

/** POST /api/v1/db/tables/{id}/duplicate {name} */
export function useDuplicateTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      apiRequest(`${tablePath(id)}/duplicate`, { method: 'POST', body: { name } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tablesQueryKey }),
  });
}

/** DELETE /api/v1/db/tables/{id} */
export function useDeleteTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(tablePath(id), { method: 'DELETE' }),
    // The removed table's own query is left alone: refetching it would only answer 404.
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: tablesQueryKey,
        predicate: (query) => query.queryKey[1] !== 'detail',
      }),
  });
}
