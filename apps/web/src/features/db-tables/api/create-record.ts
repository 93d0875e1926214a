import { useMutation, useQueryClient } from '@tanstack/react-query';
import { entitySchema } from '@ponte/shared/db-tables.schema';
import type { Entity, RecordValue } from '@ponte/shared/db-tables.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { tablesQueryKey } from './get-tables';

/** POST /api/v1/db/entities {table, data} */
export function createRecord(body: {
  table: string;
  data: Record<string, RecordValue>;
}): Promise<Entity> {
  return apiRequest('/api/v1/db/entities', { method: 'POST', body, schema: entitySchema });
}

export function useCreateRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRecord,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tablesQueryKey }),
  });
}
