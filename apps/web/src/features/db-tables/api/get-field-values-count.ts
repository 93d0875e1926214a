import { fieldValuesCountSchema } from '@ponte/shared/db-tables.schema';
import { apiRequest } from '../../../lib/api/api-client';

/** GET /api/v1/db/tables/{id}/fields/{name}/values-count: records holding a value there. */
export async function getFieldValuesCount(tableId: string, name: string): Promise<number> {
  const answer = await apiRequest(
    `/api/v1/db/tables/${encodeURIComponent(tableId)}/fields/${encodeURIComponent(name)}/values-count`,
    { schema: fieldValuesCountSchema },
  );
  return answer.count;
}
