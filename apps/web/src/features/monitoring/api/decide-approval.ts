import { useMutation, useQueryClient } from '@tanstack/react-query';
import { approvalSchema } from '@ponte/shared/approvals.schema';
import type { Approval, ApprovalDecisionBody } from '@ponte/shared/approvals.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { approvalsQueryKey } from './get-approvals';

export interface DecideApprovalInput {
  id: string;
  body: ApprovalDecisionBody;
}

/**
 * POST /api/v1/approvals/{id}/decision: approves or rejects one call. 409 when it was already
 * decided (by another person or by its link), 404 when it is gone.
 */
export function decideApproval({ id, body }: DecideApprovalInput): Promise<Approval> {
  return apiRequest(`/api/v1/approvals/${encodeURIComponent(id)}/decision`, {
    method: 'POST',
    body,
    schema: approvalSchema,
  });
}

/** Decides, then asks the list again whatever the answer (a decided call leaves it). */
export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideApproval,
    onSettled: () => queryClient.invalidateQueries({ queryKey: approvalsQueryKey }),
  });
}
