import { queryOptions, useQuery } from '@tanstack/react-query';
import { approvalListSchema } from '@ponte/shared/approvals.schema';
import type { ApprovalList } from '@ponte/shared/approvals.schema';
import { apiRequest } from '../../../lib/api/api-client';

/** How often /monitoring/active asks for the calls waiting for a person. */
export const approvalsPollMs = 5000;

/**
 * GET /api/v1/approvals: the workspace's pending tool calls, oldest first; without the global
 * loading indicator (it runs every 5 s).
 */
export function getApprovals(): Promise<ApprovalList> {
  return apiRequest('/api/v1/approvals', { schema: approvalListSchema, silent: true });
}

export const approvalsQueryKey = ['monitoring', 'approvals'] as const;

export function getApprovalsQueryOptions() {
  return queryOptions({
    queryKey: approvalsQueryKey,
    queryFn: getApprovals,
    refetchInterval: approvalsPollMs,
  });
}

export function useApprovals() {
  return useQuery(getApprovalsQueryOptions());
}
