import { budgetMonthStart, budgetSpentMessage } from '@ponte/shared/ai-usage.schema';
import { AiBudgetSpentError, type AiTokenUse, type AiUsagePort } from '../ports';

/** One answer the fake counted: its tokens, whose they were and when (the fake clock's ms). */
export interface FakeAiUse extends AiTokenUse {
  workspaceId: string;
  executionId: string;
  at: number;
}

/** The fake's spending: `budgets` by workspace id (missing: no limit); `uses` holds the counts. */
export interface FakeAiUsagePort extends AiUsagePort {
  budgets: Record<string, number>;
  uses: FakeAiUse[];
}

/**
 * The workspaces' AI spending in memory, with the server's rule: a workspace whose tokens of
 * the current month (São Paulo's, on the given clock) reached its budget is refused.
 */
export function createFakeAiUsage(now: () => number = Date.now): FakeAiUsagePort {
  const port: FakeAiUsagePort = {
    budgets: {},
    uses: [],
    async check(scope, signal) {
      signal.throwIfAborted();
      const budget = port.budgets[scope.workspaceId];
      if (budget === undefined) return;
      const at = new Date(now());
      const from = budgetMonthStart(at).getTime();
      const used = port.uses
        .filter((use) => use.workspaceId === scope.workspaceId && use.at >= from)
        .reduce((sum, use) => sum + use.entrada + use.saida, 0);
      if (used >= budget) throw new AiBudgetSpentError(budgetSpentMessage(budget, at));
    },
    async record(scope, use, signal) {
      signal.throwIfAborted();
      port.uses.push({
        ...use,
        workspaceId: scope.workspaceId,
        executionId: scope.executionId,
        at: now(),
      });
    },
  };
  return port;
}
