import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api/api-client';

/** Only what a field's option source needs of a table: its fields' names and labels. */
const tableColumnsSchema = z.object({
  _id: z.string(),
  fields: z.array(z.object({ name: z.string(), label: z.string() })),
});

/** GET /api/v1/db/tables/{id}: the columns a form field can take values and labels from. */
export function useTableColumns(tableId: string) {
  const query = useQuery({
    queryKey: ['db-tables', 'detail', tableId, 'columns'],
    queryFn: () =>
      apiRequest(`/api/v1/db/tables/${encodeURIComponent(tableId)}`, {
        schema: tableColumnsSchema,
        silent: true,
      }),
    enabled: Boolean(tableId),
  });
  return { columns: query.data?.fields ?? [], isPending: query.isPending && Boolean(tableId) };
}
