import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { fieldTypes } from '@ponte/shared/db-tables.schema';
import { apiRequest } from '../../../lib/api/api-client';

/** Only what a database_list widget needs of a table: its fields' names, labels and types. */
const tableFieldsSchema = z.object({
  _id: z.string(),
  fields: z.array(z.object({ name: z.string(), label: z.string(), type: z.enum(fieldTypes) })),
});

/** GET /api/v1/db/tables/{id}: the columns, date fields and sort columns a list widget offers. */
export function useTableFields(tableId: string | null | undefined) {
  const query = useQuery({
    queryKey: ['db-tables', 'detail', tableId ?? '', 'fields'],
    queryFn: () =>
      apiRequest(`/api/v1/db/tables/${encodeURIComponent(tableId ?? '')}`, {
        schema: tableFieldsSchema,
        silent: true,
      }),
    enabled: Boolean(tableId),
  });
  return { fields: query.data?.fields ?? [] };
}
