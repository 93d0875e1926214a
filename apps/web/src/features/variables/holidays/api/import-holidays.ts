import { useMutation, useQueryClient } from '@tanstack/react-query';
import { holidayImportResultSchema, type HolidayImportResult } from '@ponte/shared/holidays.schema';
import { apiRequest } from '../../../../lib/api/api-client';
import { holidaysQueryKey } from './query-keys';

/** POST /api/v1/holidays/import: the text of a CSV. */
export function importHolidays(csv: string): Promise<HolidayImportResult> {
  return apiRequest('/api/v1/holidays/import', {
    method: 'POST',
    body: { csv },
    schema: holidayImportResultSchema,
  });
}

export function useImportHolidays() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importHolidays,
    onSettled: () => queryClient.invalidateQueries({ queryKey: holidaysQueryKey }),
  });
}
