import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  registerListSchema,
  registerPageSize,
  type RegisterList,
} from '@ponte/shared/lgpd/register.schema';
import { apiRequest } from '../../../lib/api/api-client';

/** GET /api/v1/lgpd/register (lgpd.manage): a page of the flows with their register entry. */
export function getRegister(page: number, missing: boolean): Promise<RegisterList> {
  return apiRequest('/api/v1/lgpd/register', {
    query: { page, limit: registerPageSize, ...(missing ? { missing: 'true' } : {}) },
    schema: registerListSchema,
  });
}

export function useRegister(page: number, missing: boolean) {
  return useQuery(
    queryOptions({
      queryKey: ['lgpd', 'register', page, missing],
      queryFn: () => getRegister(page, missing),
      placeholderData: keepPreviousData,
    }),
  );
}
