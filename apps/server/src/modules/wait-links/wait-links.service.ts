import { errorCodes } from '@ponte/shared/errors';
import type { WaitLinkOutcome } from '@ponte/engine/ports';
import { waitLinkTokenHash } from '../../adapters/wait-links-port';
import { AppError, notFound } from '../../lib/app-error';
import type { ResumeRequest } from '../executions/execution-enqueue';
import type { Database } from '../../db/client';
import { createWaitLinksRepository } from './wait-links.repository';

export const waitLinkTexts = {
  received: 'Chamada recebida: a execução continua.',
  notFound: 'Este link de espera não existe.',
  used: 'Este link de espera já foi usado.',
  expired: 'Este link de espera expirou.',
  notWaiting: 'A execução deste link não está aguardando agora; tente de novo em instantes.',
};

export interface WaitLinksServiceDeps {
  db: Database;
  now: () => Date;
  /** Resumes a waiting execution (the runner's); false when it was not waiting. */
  resume(workspaceId: string, executionId: string, request: ResumeRequest): Promise<boolean>;
}

const refused = (status: number, message: string) =>
  new AppError(status, status === 410 ? errorCodes.expired : errorCodes.conflict, message);

/**
 * A call to an 'Aguardar chamada' link (docs/adr/0114): taken once, before it expires, it
 * resumes the waiting execution at the node with the caller's body and query.
 */
export function createWaitLinksService(deps: WaitLinksServiceDeps) {
  const repository = createWaitLinksRepository(deps.db);
  return {
    async call(token: string, call: { body: unknown; query: Record<string, string> }) {
      const row = await repository.findByToken(waitLinkTokenHash(token));
      if (!row) throw notFound(waitLinkTexts.notFound);
      const at = deps.now();
      if (row.status === 'called') throw refused(409, waitLinkTexts.used);
      if (row.status === 'expired' || row.expiresAt <= at)
        throw refused(410, waitLinkTexts.expired);
      const taken = await repository.take(row.id, at);
      if (!taken) throw refused(409, waitLinkTexts.used);
      const value: WaitLinkOutcome = { outcome: 'called', link: row.id, ...call };
      const resumed = await deps.resume(row.workspaceId, row.executionId, {
        nodeUid: row.nodeUid,
        msg: (taken.input ?? {}) as Record<string, unknown>,
        value,
        flowData: (taken.flowData ?? {}) as Record<string, unknown>,
      });
      if (!resumed) {
        await repository.giveBack(row.id);
        throw refused(409, waitLinkTexts.notWaiting);
      }
      await repository.forget(row.id);
      return { message: waitLinkTexts.received };
    },
  };
}

export type WaitLinksService = ReturnType<typeof createWaitLinksService>;
