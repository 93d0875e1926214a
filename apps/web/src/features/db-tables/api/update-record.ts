import { useMutation, useQueryClient } from '@tanstack/react-query';
import { entitySchema } from '@ponte/shared/db-tables.schema';
import type { Entity, RecordValue } from '@ponte/shared/db-tables.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { tablesQueryKey } from './get-tables';

/** PUT /api/v1/db/entities/{id} {table, data} */
export function updateRecord({
  id,
  ...body
}: {
  id: string;
  table: string;
  data: Record<string, RecordValue>;
}): Promise<Entity> {
  return apiRequest(`/api/v1/db/entities/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    schema: entitySchema,
  });
}

export function useUpdateRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRecord,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tablesQueryKey }),
  });
}
