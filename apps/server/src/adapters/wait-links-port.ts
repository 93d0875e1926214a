import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { WaitLinksPort } from '@ponte/engine/ports';
import type { Database } from '../db/client';
import { abortable } from '../lib/abortable';
import { createWaitLinksRepository } from '../modules/wait-links/wait-links.repository';

/** The link's token is kept as its SHA-256 only (the link is the secret). */
export const waitLinkTokenHash = (token: string) =>
  createHash('sha256').update(token).digest('hex');

/** The path a call to the link goes to. */
export const waitLinkPath = (token: string) => `/engine/resume/${token}`;

/**
 * The links of 'Aguardar chamada' nodes in the workspace's database (docs/adr/0114). The link
 * is absolute under PONTE_PUBLIC_URL; without it, a path on this Ponte's address.
 */
export function createWaitLinksPort(
  db: Database,
  now: () => Date,
  publicUrl: string | null,
): WaitLinksPort {
  const repository = createWaitLinksRepository(db);
  return {
    create: (scope, link, signal) =>
      abortable(signal, async () => {
        const id = randomUUID();
        const token = randomBytes(24).toString('base64url');
        await repository.insert({
          id,
          workspaceId: scope.workspaceId,
          flowId: scope.flowId,
          executionId: scope.executionId,
          nodeUid: link.nodeUid,
          tokenHash: waitLinkTokenHash(token),
          input: link.input ?? {},
          flowData: link.flowData,
          status: 'pending',
          expiresAt: new Date(link.expiresAt),
          createdAt: now(),
        });
        return { id, url: `${publicUrl?.replace(/\/+$/, '') ?? ''}${waitLinkPath(token)}` };
      }),
    expire: (scope, id, signal) =>
      abortable(signal, () => repository.expire(scope.workspaceId, id, now())),
  };
}
