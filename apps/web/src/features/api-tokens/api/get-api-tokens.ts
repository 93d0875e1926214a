import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiTokenListSchema, type ApiTokenList } from '@ponte/shared/api-tokens.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { apiTokensQueryKey } from './query-keys';

/** GET /api/v1/api-tokens: the workspace's tokens, never their secret. */
export function getApiTokens(): Promise<ApiTokenList> {
  return apiRequest('/api/v1/api-tokens', { schema: apiTokenListSchema });
}

export function getApiTokensQueryOptions() {
  return queryOptions({ queryKey: [...apiTokensQueryKey, 'list'], queryFn: getApiTokens });
}

/** `enabled: false` for a role that may not read them: the list is not even asked for. */
export function useApiTokens({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getApiTokensQueryOptions(), enabled });
}
