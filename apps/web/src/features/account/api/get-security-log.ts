import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  securityLogPageSize,
  securityLogSchema,
  type SecurityEventKind,
  type SecurityLog,
} from '@ponte/shared/security-log.schema';
import { apiRequest } from '../../../lib/api/api-client';

/** GET /account/v1/security-log (owner only): a page of the workspace's events, newest first. */
export function getSecurityLog(page: number, kind: SecurityEventKind | null): Promise<SecurityLog> {
  return apiRequest('/account/v1/security-log', {
    query: { page, limit: securityLogPageSize, ...(kind ? { kind } : {}) },
    schema: securityLogSchema,
  });
}

export function getSecurityLogQueryOptions(page: number, kind: SecurityEventKind | null) {
  return queryOptions({
    queryKey: ['account', 'security-log', page, kind],
    queryFn: () => getSecurityLog(page, kind),
    placeholderData: keepPreviousData,
  });
}

export function useSecurityLog(page: number, kind: SecurityEventKind | null) {
  return useQuery(getSecurityLogQueryOptions(page, kind));
}
