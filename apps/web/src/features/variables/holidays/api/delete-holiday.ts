import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api/api-client';
import { holidaysQueryKey } from './query-keys';

/** DELETE /api/v1/holidays/{id} */
export function deleteHoliday(id: string): Promise<unknown> {
  return apiRequest(`/api/v1/holidays/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteHoliday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteHoliday,
    onSettled: () => queryClient.invalidateQueries({ queryKey: holidaysQueryKey }),
  });
}
