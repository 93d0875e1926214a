import { queryOptions, useQuery } from '@tanstack/react-query';
import { holidayListSchema } from '@ponte/shared/holidays.schema';
import type { HolidayList } from '@ponte/shared/holidays.schema';
import { limits } from '@ponte/shared/limits';
import { apiRequest } from '../../../../lib/api/api-client';
import { holidaysQueryKey } from './query-keys';

/** GET /api/v1/holidays?limit=1000: every holiday of the workspace (at most 1000). */
export function getHolidays(): Promise<HolidayList> {
  return apiRequest('/api/v1/holidays', {
    query: { limit: limits.holidaysMax },
    schema: holidayListSchema,
  });
}

export function getHolidaysQueryOptions() {
  return queryOptions({ queryKey: [...holidaysQueryKey, 'list'], queryFn: getHolidays });
}

export function useHolidays() {
  return useQuery(getHolidaysQueryOptions());
}
