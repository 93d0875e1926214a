import { AiBudgetSpentError, type AiUsagePort } from '@ponte/engine/ports';
import { budgetMonthStart, budgetSpentMessage } from '@ponte/shared/ai-usage.schema';
import type { Database } from '../db/client';
import { abortable } from '../lib/abortable';
import { createAiUsageRepository } from '../modules/ai-usage/ai-usage.repository';
import { createWorkspacesRepository } from '../modules/workspaces/workspaces.repository';

/**
 * The AI nodes' spending in the database (docs/adr/0101): `check` reads the workspace's budget
 * and, when it has one, sums its tokens since the start of the month in São Paulo; `record`
 * writes one `ai_token_usage` row per answer. A call that starts under the budget is not cut:
 * the month may end a little over it.
 */
export function createAiUsagePort(db: Database, now: () => Date): AiUsagePort {
  const usage = createAiUsageRepository(db);
  const workspaces = createWorkspacesRepository(db);
  return {
    check: (scope, signal) =>
      abortable(signal, async () => {
        const budget = await workspaces.aiTokenBudget(scope.workspaceId);
        if (budget === null) return;
        const at = now();
        const used = await usage.totalSince(scope.workspaceId, budgetMonthStart(at));
        if (used.entrada + used.saida >= budget)
          throw new AiBudgetSpentError(budgetSpentMessage(budget, at));
      }),
    record: (scope, use, signal) =>
      abortable(signal, () =>
        usage.insert({
          workspaceId: scope.workspaceId,
          executionId: scope.executionId || null,
          flowId: scope.flowId,
          provider: use.provider,
          model: use.model,
          tokensIn: use.entrada,
          tokensOut: use.saida,
          createdAt: now(),
        }),
      ),
  };
}
