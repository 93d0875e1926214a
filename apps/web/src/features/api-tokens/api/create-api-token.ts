import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiTokenCreatedSchema,
  type ApiTokenBody,
  type ApiTokenCreated,
} from '@ponte/shared/api-tokens.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { apiTokensQueryKey } from './query-keys';

/** POST /api/v1/api-tokens: the answer holds the token, this once. */
export function createApiToken(body: ApiTokenBody): Promise<ApiTokenCreated> {
  return apiRequest('/api/v1/api-tokens', {
    method: 'POST',
    body,
    schema: apiTokenCreatedSchema,
  });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}
