import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  entityExportSchema,
  entityListSchema,
  entitySchema,
  successSchema,
} from '@ponte/shared/db-tables.schema';
import type { Entity, EntityFilter, EntityList, RecordValue } from '@ponte/shared/db-tables.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { tablesQueryKey } from './tables-api';

/** Under the tables' key: a change of records refreshes `entities_count` too. */
export const recordsQueryKey = [...tablesQueryKey, 'records'] as const;

const entityPath = (id: string) => `/api/v1/db/entities/${encodeURIComponent(id)}`;

export interface RecordsParams {
  page: number;
  size: number;
  filter: EntityFilter;
}

/** GET /api/v1/db/entities?page&size&filter (JSON). */
export function getRecords({ page, size, filter }: RecordsParams): Promise<EntityList> {
  return apiRequest('/api/v1/db/entities', {
    query: { page, size, filter: JSON.stringify(filter) },
    schema: entityListSchema,
  });
}

export function useRecords(params: RecordsParams) {
  return useQuery(
    queryOptions({
      queryKey: [...recordsQueryKey, 'list', params],
      queryFn: () => getRecords(params),
      placeholderData: keepPreviousData,
    }),
  );
}

export function useRecord(id: string | undefined) {
  return useQuery({
    queryKey: [...recordsQueryKey, 'detail', id ?? ''],
    queryFn: () => apiRequest(entityPath(id ?? ''), { schema: entitySchema }),
    enabled: Boolean(id),
  });
}

export interface SaveRecordInput {
  id?: string;
  table: string;
  data: Record<string, RecordValue>;
}

/** POST /api/v1/db/entities {table, data}, or PUT /api/v1/db/entities/{id} {data}. */
export function useSaveRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, table, data }: SaveRecordInput): Promise<Entity> =>
      id
        ? apiRequest(entityPath(id), { method: 'PUT', body: { table, data }, schema: entitySchema })
        : apiRequest('/api/v1/db/entities', {
            method: 'POST',
            body: { table, data },
            schema: entitySchema,
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tablesQueryKey }),
  });
}

/** DELETE /api/v1/db/entities/{id} → {success} */
export function useDeleteRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(entityPath(id), { method: 'DELETE', schema: successSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tablesQueryKey }),
  });
}

/** DELETE /api/v1/db/entities/mass {ids} → {success} */
export function useDeleteRecords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      apiRequest('/api/v1/db/entities/mass', {
        method: 'DELETE',
        body: { ids },
        schema: successSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tablesQueryKey }),
  });
}

/** GET /api/v1/db/entities/export/{table}/csv?filter&columns → {data, filename}. */
export function exportRecordsCsv(tableId: string, filter: EntityFilter, columns: string[]) {
  return apiRequest(`/api/v1/db/entities/export/${encodeURIComponent(tableId)}/csv`, {
    query: { filter: JSON.stringify(filter), columns: columns.join(',') },
    schema: entityExportSchema,
  });
}
