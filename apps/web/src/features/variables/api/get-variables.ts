import { queryOptions, useQuery } from '@tanstack/react-query';
import { limits } from '@ponte/shared/limits';
import { variableListSchema } from '@ponte/shared/variables.schema';
import type { VariableList } from '@ponte/shared/variables.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { variablesQueryKey } from './query-keys';

/** GET /api/v1/variables?limit=1000: every variable of the workspace. */
export function getVariables(): Promise<VariableList> {
  return apiRequest('/api/v1/variables', {
    query: { limit: limits.variablesLookup },
    schema: variableListSchema,
  });
}

export function getVariablesQueryOptions() {
  return queryOptions({ queryKey: [...variablesQueryKey, 'list'], queryFn: getVariables });
}

export function useVariables() {
  return useQuery(getVariablesQueryOptions());
}
