import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client';
import { serviceAccountsQueryKey } from '../../../lib/service-accounts/api/get-service-account-options';

/**
 * DELETE /api/v1/service-accounts/{id}; with `confirm` also one that flows use (the first try
 * answers 409 `service_account_in_use` naming them).
 */
export function deleteServiceAccount({ id, confirm }: { id: string; confirm: boolean }) {
  return apiRequest(`/api/v1/service-accounts/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    query: confirm ? { confirm: 'true' } : undefined,
  });
}

export function useDeleteServiceAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteServiceAccount,
    onSettled: () => queryClient.invalidateQueries({ queryKey: serviceAccountsQueryKey }),
  });
}
