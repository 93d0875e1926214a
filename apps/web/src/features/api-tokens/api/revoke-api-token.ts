import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client';
import { apiTokensQueryKey } from './query-keys';

/** DELETE /api/v1/api-tokens/{id}: the token stops working at once. */
export function revokeApiToken(id: string): Promise<unknown> {
  return apiRequest(`/api/v1/api-tokens/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}
