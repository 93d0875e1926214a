import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { ApprovalsPort } from '@ponte/engine/ports';
import type { Database } from '../db/client';
import { abortable } from '../lib/abortable';
import { createApprovalsRepository } from '../modules/approvals/approvals.repository';

/** The link's token is kept as its SHA-256 only (the link is the secret). */
export const approvalTokenHash = (token: string) =>
  createHash('sha256').update(token).digest('hex');

/** The path of an approval's public page. */
export const approvalPath = (token: string) => `/engine/approvals/${token}`;

/**
 * The agents' approval requests in the workspace's database (docs/adr/0100). The link is
 * absolute under PONTE_PUBLIC_URL; without it, a path on this Ponte's address.
 */
export function createApprovalsPort(
  db: Database,
  now: () => Date,
  publicUrl: string | null,
): ApprovalsPort {
  const repository = createApprovalsRepository(db);
  return {
    request: (scope, request, signal) =>
      abortable(signal, async () => {
        const id = randomUUID();
        const token = randomBytes(24).toString('base64url');
        await repository.insert({
          id,
          workspaceId: scope.workspaceId,
          flowId: scope.flowId,
          executionId: scope.executionId,
          nodeUid: request.nodeUid,
          toolName: request.tool.name,
          toolLabel: request.tool.label,
          toolKind: request.tool.kind,
          arguments: request.arguments ?? null,
          modelText: request.modelText,
          input: request.input ?? {},
          flowData: request.flowData,
          state: request.state ?? null,
          tokenHash: approvalTokenHash(token),
          status: 'pending',
          requestedAt: now(),
        });
        return { id, url: `${publicUrl?.replace(/\/+$/, '') ?? ''}${approvalPath(token)}` };
      }),
  };
}
