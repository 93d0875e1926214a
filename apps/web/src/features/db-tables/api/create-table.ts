import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tableSchema } from '@ponte/shared/db-tables.schema';
import type { Table, TableBody } from '@ponte/shared/db-tables.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { tablesQueryKey } from './get-tables';

/** POST /api/v1/db/tables */
export function createTable(body: TableBody): Promise<Table> {
  return apiRequest('/api/v1/db/tables', { method: 'POST', body, schema: tableSchema });
}

export function useCreateTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTable,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tablesQueryKey }),
  });
}
