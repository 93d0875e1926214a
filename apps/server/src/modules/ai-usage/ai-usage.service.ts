import type { AiTokens } from '@ponte/shared/ai-tokens.schema';
import { budgetMonthStart } from '@ponte/shared/ai-usage.schema';
import type { Database } from '../../db/client';
import { createAiUsageRepository } from './ai-usage.repository';

export interface AiUsageServiceDeps {
  db: Database;
  now: () => Date;
}

/** The reads of the AI tokens other modules show (docs/adr/0101), scoped to a workspace. */
export function createAiUsageService({ db, now }: AiUsageServiceDeps) {
  const repository = createAiUsageRepository(db);
  return {
    /** The workspace's tokens of the current month (São Paulo's). */
    month: (workspaceId: string): Promise<AiTokens> =>
      repository.totalSince(workspaceId, budgetMonthStart(now())),
    /** An execution's tokens; null when it called no model. */
    execution: (workspaceId: string, executionId: string): Promise<AiTokens | null> =>
      repository.totalOfExecution(workspaceId, executionId),
  };
}

export type AiUsageService = ReturnType<typeof createAiUsageService>;
