import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { limits } from '@ponte/shared/limits';
import { listResponseSchema } from '@ponte/shared/pagination';
import { serviceAccountSchema } from '@ponte/shared/service-accounts.schema';
import { apiRequest } from '../../../lib/api/api-client';
import { serviceAccountsQueryKey } from '../../../lib/service-accounts/api/get-service-account-options';

/** An account as the list shows it; `testable` tells whether 'Testar conexão' can run. */
export const listedAccountSchema = serviceAccountSchema.extend({
  testable: z.boolean().optional(),
});
export type ListedAccount = z.infer<typeof listedAccountSchema>;

const listSchema = listResponseSchema(listedAccountSchema);

/** GET /api/v1/service-accounts?limit=1000: every account of the workspace (spec 2 §7). */
export async function getServiceAccounts(): Promise<{ items: ListedAccount[]; total: number }> {
  return apiRequest('/api/v1/service-accounts', {
    query: { limit: limits.serviceAccountsLookup },
    schema: listSchema,
  });
}

export function useServiceAccounts() {
  return useQuery(
    queryOptions({ queryKey: [...serviceAccountsQueryKey, 'list'], queryFn: getServiceAccounts }),
  );
}
