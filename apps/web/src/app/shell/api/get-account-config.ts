import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicConfigSchema } from '@ponte/shared/account.schema';
import type { PublicConfig } from '@ponte/shared/account.schema';
import { apiRequest } from '../../../lib/api/api-client';

/** GET /account/v1/config: the documentation and support links of this installation. */
export function getAccountConfig(): Promise<PublicConfig> {
  return apiRequest('/account/v1/config', { schema: publicConfigSchema, silent: true });
}

export function getAccountConfigQueryOptions() {
  return queryOptions({
    queryKey: ['account-config'],
    queryFn: getAccountConfig,
    staleTime: Infinity,
  });
}

export function useAccountConfig() {
  return useQuery(getAccountConfigQueryOptions());
}
