import type { WaitingApprover } from '@ponte/shared/approval-requests.schema';
import {
  approvalLinkKey,
  approvalLinkToken,
  approvalLinkUrl,
} from '../../adapters/approval-waits-port';
import type { Database } from '../../db/client';
import { createApprovalWaitsRepository } from './approval-waits.repository';

/**
 * The people each waiting execution's 'Aguardar aprovação' waits for, with the link of each
 * one still pending (to copy and send again; docs/adr/0115), for /monitoring/active.
 */
export function createWaitingApprovers(
  db: Database,
  encryptionKey: Buffer,
  publicUrl: string | null,
) {
  const repository = createApprovalWaitsRepository(db);
  const key = approvalLinkKey(encryptionKey);
  return async (
    workspaceId: string,
    executionIds: string[],
  ): Promise<Map<string, WaitingApprover[]>> => {
    const byExecution = new Map<string, WaitingApprover[]>();
    for (const { request, link } of await repository.pendingOf(workspaceId, executionIds)) {
      const list = byExecution.get(request.executionId) ?? [];
      const pending = link.status === 'pending';
      list.push({
        approver: link.approver,
        status: link.status,
        url: pending
          ? approvalLinkUrl(publicUrl, approvalLinkToken(key, link.id, request.expiresAt))
          : null,
      });
      byExecution.set(request.executionId, list);
    }
    return byExecution;
  };
}
