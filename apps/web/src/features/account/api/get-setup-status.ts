import { queryOptions, useQuery } from '@tanstack/react-query';
import { setupStatusSchema } from '@ponte/shared/account.schema';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api/api-client';

/** GET /account/v1/setup: whether the first account still has to be created. */
export function getSetupStatus(): Promise<z.infer<typeof setupStatusSchema>> {
  return apiRequest('/account/v1/setup', {
    schema: setupStatusSchema,
    keepSessionOnAuthError: true,
  });
}

export function getSetupStatusQueryOptions() {
  return queryOptions({
    queryKey: ['account', 'setup-status'],
    queryFn: getSetupStatus,
    staleTime: 0,
  });
}

export function useSetupStatus() {
  return useQuery(getSetupStatusQueryOptions());
}
