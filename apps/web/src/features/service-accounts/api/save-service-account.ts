import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serviceAccountSchema } from '@ponte/shared/service-accounts.schema';
import type { ServiceAccount, ServiceAccountBody } from '@ponte/shared/service-accounts.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { serviceAccountsQueryKey } from '../../../lib/service-accounts/api/get-service-account-options';

export interface SaveServiceAccount {
  /** The account to update; absent creates one. */
  id?: string;
  body: ServiceAccountBody;
}

/** POST /api/v1/service-accounts, or PUT /api/v1/service-accounts/{id}. */
export function saveServiceAccount({ id, body }: SaveServiceAccount): Promise<ServiceAccount> {
  return id
    ? apiRequest(`/api/v1/service-accounts/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body,
        schema: serviceAccountSchema,
      })
    : apiRequest('/api/v1/service-accounts', {
        method: 'POST',
        body,
        schema: serviceAccountSchema,
      });
}

export function useSaveServiceAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveServiceAccount,
    onSettled: () => queryClient.invalidateQueries({ queryKey: serviceAccountsQueryKey }),
  });
}
