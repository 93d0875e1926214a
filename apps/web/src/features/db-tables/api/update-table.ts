import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TableBody } from '@ponte/shared/db-tables.schema';
import { apiRequest } from '../../../lib/api/api-client';
import type { VersionStamp } from '../../../lib/versions/version-stamp';
import { versionedTableSchema } from './get-table';
import type { VersionedTable } from './get-table';
import { tablesQueryKey } from './get-tables';

/** PUT /api/v1/db/tables/{id}: `version` is the one the editor loaded (409 when stale). */
export function updateTable({
  id,
  body,
}: {
  id: string;
  body: TableBody & VersionStamp;
}): Promise<VersionedTable> {
  return apiRequest(`/api/v1/db/tables/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    schema: versionedTableSchema,
  });
}

export function useUpdateTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTable,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tablesQueryKey }),
  });
}
