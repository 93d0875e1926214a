import { entityExportSchema } from '@ponte/shared/db-tables.schema';
import type { EntityFilter } from '@ponte/shared/db-tables.schema';
import { apiRequest } from '../../../lib/api/api-client';

/** GET /api/v1/db/entities/export/{table}/csv?filter&columns → {data, filename}. */
export function exportRecordsCsv(
  tableId: string,
  filter: EntityFilter,
  columns: string[],
): Promise<{ data: string; filename: string }> {
  return apiRequest(`/api/v1/db/entities/export/${encodeURIComponent(tableId)}/csv`, {
    query: { filter: JSON.stringify(filter), columns: columns.join(',') },
    schema: entityExportSchema,
  });
}
