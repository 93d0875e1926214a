import { queryOptions, useQuery } from '@tanstack/react-query';
import { aiBudgetSchema, type AiBudget } from '@ponte/shared/ai-usage.schema';
import { apiRequest } from '../../../lib/api/api-client';

export const aiBudgetQueryKey = ['workspace', 'ai-budget'] as const;

/** GET /api/v1/workspaces/current/ai-budget: the monthly AI token budget and the month's tokens. */
export function getAiBudget(): Promise<AiBudget> {
  return apiRequest('/api/v1/workspaces/current/ai-budget', { schema: aiBudgetSchema });
}

export function useAiBudget() {
  return useQuery(queryOptions({ queryKey: aiBudgetQueryKey, queryFn: getAiBudget }));
}
