import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serviceAccountTestResultSchema } from '@ponte/shared/service-accounts.schema';
import type { ServiceAccountHealth } from '@ponte/shared/service-accounts.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { serviceAccountsQueryKey } from '../../../lib/service-accounts/api/get-service-account-options';

/** POST /api/v1/service-accounts/{id}/test: really tries the credential, answers the health. */
export function testServiceAccount(id: string): Promise<ServiceAccountHealth> {
  return apiRequest(`/api/v1/service-accounts/${encodeURIComponent(id)}/test`, {
    method: 'POST',
    schema: serviceAccountTestResultSchema,
  });
}

export function useTestServiceAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testServiceAccount,
    onSettled: () => queryClient.invalidateQueries({ queryKey: serviceAccountsQueryKey }),
  });
}
