import { schedulePreviewSchema, type SchedulePreview } from '@ponte/shared/schedule-preview.schema';
import { apiRequest } from '../../../lib/api/api-client';

/** POST /engine/schedule/next-runs: the next firing times of a schedule node's params. */
export function previewSchedule(
  params: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<SchedulePreview> {
  return apiRequest('/engine/schedule/next-runs', {
    method: 'POST',
    body: { params },
    schema: schedulePreviewSchema,
    silent: true,
    ...(signal ? { signal } : {}),
  });
}
