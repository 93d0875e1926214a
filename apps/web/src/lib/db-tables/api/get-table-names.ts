import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { listResponseSchema } from '@ponte/shared/pagination';
import { limits } from '@ponte/shared/limits';
import { apiRequest } from '../../api/api-client';

export interface TableName {
  _id: string;
  name: string;
}

/** Only what a lookup needs of each table (the list answers whole tables). */
const tableNamesSchema = listResponseSchema(z.object({ _id: z.string(), name: z.string() }));

/** Every query about database tables starts with this key. */
export const dbTablesQueryKey = ['db-tables'] as const;

/** GET /api/v1/db/tables?page=1&limit=1000: the workspace's tables for pickers (spec 2 §7). */
export async function getTableNames(): Promise<TableName[]> {
  const list = await apiRequest('/api/v1/db/tables', {
    query: { page: 1, limit: limits.tablesLookup },
    schema: tableNamesSchema,
    silent: true,
  });
  return list.items.map(({ _id, name }) => ({ _id, name }));
}

export function useTableNames() {
  const query = useQuery(
    queryOptions({
      queryKey: [...dbTablesQueryKey, 'names'],
      queryFn: getTableNames,
      // Tables are created in other tabs too: a short freshness, and a look again on focus.
      staleTime: 10_000,
      refetchOnWindowFocus: true,
    }),
  );
  return { tables: query.data ?? [], isPending: query.isPending, isError: query.isError };
}
