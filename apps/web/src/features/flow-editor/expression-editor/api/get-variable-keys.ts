import { useQuery } from '@tanstack/react-query';
import { limits } from '@ponte/shared/limits';
import { variableListSchema } from '@ponte/shared/variables.schema';
import { apiRequest } from '../../../../lib/api/api-client';

/** GET /api/v1/variables?limit=1000: the keys of the workspace's variables (`vars.…`). */
export async function getVariableKeys(): Promise<string[]> {
  const { items } = await apiRequest('/api/v1/variables', {
    query: { limit: limits.variablesLookup },
    schema: variableListSchema,
    silent: true,
  });
  return items.map((item) => item.key).sort((a, b) => a.localeCompare(b));
}

export function useVariableKeys(enabled: boolean) {
  return useQuery({
    queryKey: ['expression-editor', 'variable-keys'],
    queryFn: getVariableKeys,
    enabled,
    staleTime: 30_000,
  });
}
