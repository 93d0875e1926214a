import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successSchema } from '@ponte/shared/db-tables.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { tablesQueryKey } from './get-tables';

/** DELETE /api/v1/db/entities/mass {ids} → {success} */
export function deleteRecords(ids: string[]): Promise<{ success: boolean }> {
  return apiRequest('/api/v1/db/entities/mass', {
    method: 'DELETE',
    body: { ids },
    schema: successSchema,
  });
}

export function useDeleteRecords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecords,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tablesQueryKey }),
  });
}
