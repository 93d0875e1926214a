import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tableSchema } from '@ponte/shared/db-tables.schema';
import type { Table, TableBody } from '@ponte/shared/db-tables.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { tablesQueryKey } from './get-tables';

/** PUT /api/v1/db/tables/{id} */
export function updateTable({ id, body }: { id: string; body: TableBody }): Promise<Table> {
  return apiRequest(`/api/v1/db/tables/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    schema: tableSchema,
  });
}

export function useUpdateTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTable,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tablesQueryKey }),
  });
}
