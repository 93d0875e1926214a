import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successSchema } from '@ponte/shared/db-tables.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { tablesQueryKey } from './get-tables';

/** DELETE /api/v1/db/entities/{id} → {success} */
export function deleteRecord(id: string): Promise<{ success: boolean }> {
  return apiRequest(`/api/v1/db/entities/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: successSchema,
  });
}

export function useDeleteRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecord,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tablesQueryKey }),
  });
}
