import { queryOptions, useQuery } from '@tanstack/react-query';
import { tableSchema } from '@ponte/shared/db-tables.schema';
import type { Table } from '@ponte/shared/db-tables.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { withVersion } from '../../../lib/versions/version-stamp';
import { tablesQueryKey } from './get-tables';

/** A table as the API sends it, with the number of its structure's version (docs/adr/0103). */
export const versionedTableSchema = withVersion(tableSchema);
export type VersionedTable = Table & { version?: number };

/** GET /api/v1/db/tables/{id} */
export function getTable(id: string): Promise<VersionedTable> {
  return apiRequest(`/api/v1/db/tables/${encodeURIComponent(id)}`, {
    schema: versionedTableSchema,
  });
}

export function getTableQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...tablesQueryKey, 'detail', id],
    queryFn: () => getTable(id),
  });
}

export function useTable(id: string | undefined) {
  return useQuery({ ...getTableQueryOptions(id ?? ''), enabled: Boolean(id) });
}
