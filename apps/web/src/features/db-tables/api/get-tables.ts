import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { tableListSchema } from '@ponte/shared/db-tables.schema';
import type { TableList } from '@ponte/shared/db-tables.schema';
import { limits } from '@ponte/shared/limits';
import { apiRequest } from '../../../lib/api/api-client';
import { dbTablesQueryKey } from '../../../lib/db-tables/api/get-table-names';

/**
 * Every query about tables (and their records) starts with this key: the same as the pickers'
 * lookup, so a change here refreshes them too.
 */
export const tablesQueryKey = dbTablesQueryKey;

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

export function getTablesQueryOptions(params: TablesParams) {
  return queryOptions({
    queryKey: [...tablesQueryKey, 'list', params],
    queryFn: () => getTables(params),
    placeholderData: keepPreviousData,
  });
}

export function useTables(params: TablesParams) {
  return useQuery(getTablesQueryOptions(params));
}
