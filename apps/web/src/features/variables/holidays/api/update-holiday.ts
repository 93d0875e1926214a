import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HolidayBody } from '@ponte/shared/holidays.schema';
import { apiRequest } from '../../../../lib/api/api-client';
import { holidaysQueryKey } from './query-keys';

/** PUT /api/v1/holidays/{id} */
export function updateHoliday({ id, body }: { id: string; body: HolidayBody }): Promise<unknown> {
  return apiRequest(`/api/v1/holidays/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function useUpdateHoliday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateHoliday,
    onSettled: () => queryClient.invalidateQueries({ queryKey: holidaysQueryKey }),
  });
}
