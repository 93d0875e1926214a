import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HolidayBody } from '@ponte/shared/holidays.schema';
import { apiRequest } from '../../../../lib/api/api-client';
import { holidaysQueryKey } from './query-keys';

/** POST /api/v1/holidays */
export function createHoliday(body: HolidayBody): Promise<unknown> {
  return apiRequest('/api/v1/holidays', { method: 'POST', body });
}

export function useCreateHoliday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createHoliday,
    onSettled: () => queryClient.invalidateQueries({ queryKey: holidaysQueryKey }),
  });
}
