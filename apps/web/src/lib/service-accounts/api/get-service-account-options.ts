import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { limits } from '@ponte/shared/limits';
import { listResponseSchema } from '@ponte/shared/pagination';
import { serviceAccountTypes } from '@ponte/shared/service-accounts.schema';
import type { ServiceAccountType } from '@ponte/shared/service-accounts.schema';
import { apiRequest } from '../../api/api-client';

/** Every query about service accounts starts with this key (saving one refreshes the pickers). */
export const serviceAccountsQueryKey = ['service-accounts'] as const;

export interface ServiceAccountOption {
  _id: string;
  name: string;
  auth_type: ServiceAccountType;
}

/** Only what a picker needs of each account (the list answers whole accounts). */
const optionsSchema = listResponseSchema(
  z.object({ _id: z.string(), name: z.string(), auth_type: z.enum(serviceAccountTypes) }),
);

/**
 * GET /api/v1/service-accounts?limit=1000&type=a,b: the workspace's accounts of the types a node
 * accepts (all types when `accepts` is empty).
 */
export async function getServiceAccountOptions(
  accepts: readonly string[],
): Promise<ServiceAccountOption[]> {
  const list = await apiRequest('/api/v1/service-accounts', {
    query: { limit: limits.serviceAccountsLookup, type: accepts.join(',') },
    schema: optionsSchema,
    silent: true,
  });
  const wanted = new Set(accepts);
  // The server filters by type; an older one that ignores `type` still gives a right list.
  return list.items
    .filter((account) => wanted.size === 0 || wanted.has(account.auth_type))
    .map(({ _id, name, auth_type }) => ({ _id, name, auth_type }));
}

export function useServiceAccountOptions(accepts: readonly string[]) {
  const query = useQuery(
    queryOptions({
      queryKey: [...serviceAccountsQueryKey, 'options', accepts.join(',')],
      queryFn: () => getServiceAccountOptions(accepts),
      // Accounts are created in another tab while the editor is open: look again on focus.
      staleTime: 10_000,
      refetchOnWindowFocus: true,
    }),
  );
  return { accounts: query.data ?? [], isPending: query.isPending, isError: query.isError };
}
