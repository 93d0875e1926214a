import { entityExportSchema } from '@ponte/shared/db-tables.schema';
import type { EntityFilter, RecordsCsvFormat } from '@ponte/shared/db-tables.schema';
import { apiDownload, apiRequest } from '../../../lib/api/api-client';

const exportPath = (tableId: string) =>
  `/api/v1/db/entities/export/${encodeURIComponent(tableId)}/csv`;

/** GET /api/v1/db/entities/export/{table}/csv?filter&columns&format → {data, filename}. */
export function exportRecordsCsv(
  tableId: string,
  filter: EntityFilter,
  columns: string[],
  format: RecordsCsvFormat,
): Promise<{ data: string; filename: string }> {
  return apiRequest(exportPath(tableId), {
    query: { filter: JSON.stringify(filter), columns: columns.join(','), format },
    schema: entityExportSchema,
  });
}

/**
 * The same export streamed as `text/csv` (`download=1`), for more rows than the JSON answer
 * holds (`limits.recordsExportJsonMax`).
 */
export function downloadRecordsCsv(
  tableId: string,
  filter: EntityFilter,
  columns: string[],
  format: RecordsCsvFormat,
) {
  return apiDownload(exportPath(tableId), {
    filter: JSON.stringify(filter),
    columns: columns.join(','),
    format,
    download: '1',
  });
}
