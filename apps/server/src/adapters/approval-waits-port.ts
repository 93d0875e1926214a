import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { ApprovalWaitsPort } from '@ponte/engine/ports';
import type { Database } from '../db/client';
import { abortable } from '../lib/abortable';
import { createApprovalWaitsRepository } from '../modules/approval-waits/approval-waits.repository';

/** The key approval links are signed with, derived from the instance's encryption key. */
export function approvalLinkKey(encryptionKey: Buffer): Buffer {
  return createHmac('sha256', encryptionKey).update('ponte:approval-links:v1').digest();
}

const signature = (key: Buffer, id: string, expiresAt: Date) =>
  createHmac('sha256', key).update(`${id}.${expiresAt.getTime()}`).digest('base64url');

/** A link's token: its id, and the signature of the id and the request's expiry. */
export const approvalLinkToken = (key: Buffer, id: string, expiresAt: Date) =>
  `${id}.${signature(key, id, expiresAt)}`;

/** The link id a token names (before its signature is checked), or null when malformed. */
export function approvalLinkIdOf(token: string): string | null {
  const [id, signed, extra] = token.split('.');
  return id && signed && extra === undefined ? id : null;
}

/** Whether the token's signature is the one of this link and expiry (constant time). */
export function approvalLinkSigned(key: Buffer, token: string, expiresAt: Date): boolean {
  const id = approvalLinkIdOf(token);
  if (!id) return false;
  const given = Buffer.from(token.slice(id.length + 1));
  const expected = Buffer.from(signature(key, id, expiresAt));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The path of an approver's page. */
export const approvalLinkPath = (token: string) => `/engine/approval-requests/${token}`;

/** The absolute link under PONTE_PUBLIC_URL; without it, a path on this Ponte's address. */
export const approvalLinkUrl = (publicUrl: string | null, token: string) =>
  `${publicUrl?.replace(/\/+$/, '') ?? ''}${approvalLinkPath(token)}`;

/**
 * The requests of 'Aguardar aprovação' nodes in the workspace's database (docs/adr/0115), one
 * link per approver. Without `key` (ports built for a test), a key of this process only.
 */
export function createApprovalWaitsPort(
  db: Database,
  now: () => Date,
  publicUrl: string | null,
  key: Buffer = randomBytes(32),
): ApprovalWaitsPort {
  const repository = createApprovalWaitsRepository(db);
  return {
    create: (scope, request, signal) =>
      abortable(signal, async () => {
        const id = randomUUID();
        const expiresAt = new Date(request.expiresAt);
        const links = request.approvers.map((approver, position) => ({
          id: randomBytes(16).toString('base64url'),
          requestId: id,
          position,
          approver,
          status: 'pending' as const,
        }));
        await repository.insert(
          {
            id,
            workspaceId: scope.workspaceId,
            flowId: scope.flowId,
            executionId: scope.executionId,
            nodeUid: request.nodeUid,
            mode: request.mode,
            title: request.title,
            text: request.text,
            data: request.data ?? null,
            fields: request.fields,
            comment: request.comment,
            status: 'pending',
            input: request.input ?? {},
            flowData: request.flowData,
            expiresAt,
            requestedAt: now(),
          },
          links,
        );
        return {
          id,
          links: links.map((link) => ({
            approver: link.approver,
            url: approvalLinkUrl(publicUrl, approvalLinkToken(key, link.id, expiresAt)),
          })),
        };
      }),
    expire: (scope, id, signal) =>
      abortable(signal, () => repository.expire(scope.workspaceId, id, now())),
  };
}
