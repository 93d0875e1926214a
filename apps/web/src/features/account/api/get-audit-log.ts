import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditListSchema, auditPageSize, type AuditList } from '@ponte/shared/audit.schema';
import { apiDownload, apiRequest } from '../../../lib/api/api-client';

/** The filters of the audit log, as the query of `GET /api/v1/audit` names them. */
export interface AuditFilters {
  category: string;
  action: string;
  user_id: string;
  resource_kind: string;
  /** `yyyy-mm-dd`, days of São Paulo. */
  from: string;
  to: string;
}

const queryOf = (filters: AuditFilters) =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));

/** GET /api/v1/audit (audit.read): a page of the workspace's log, newest first. */
export function getAuditLog(page: number, filters: AuditFilters): Promise<AuditList> {
  return apiRequest('/api/v1/audit', {
    query: { page, limit: auditPageSize, ...queryOf(filters) },
    schema: auditListSchema,
  });
}

export function useAuditLog(page: number, filters: AuditFilters) {
  return useQuery(
    queryOptions({
      queryKey: ['account', 'audit', page, filters],
      queryFn: () => getAuditLog(page, filters),
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /api/v1/audit/export: every event the filters match, as the CSV file. */
export function downloadAuditCsv(filters: AuditFilters) {
  return apiDownload('/api/v1/audit/export', queryOf(filters));
}
