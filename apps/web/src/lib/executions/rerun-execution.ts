import { useMutation } from '@tanstack/react-query';
import {
  rerunAnswerSchema,
  rerunFailedAnswerSchema,
  rerunFailedPreviewSchema,
  type RerunBody,
  type RerunFailedBody,
} from '@ponte/shared/monitoring.schema';
import { apiRequest } from '../api/api-client';

/** POST /api/v1/monitoring/executions/{executionId}/rerun (docs/adr/0113). */
export function useRerunExecution() {
  return useMutation({
    mutationFn: ({ executionId, body }: { executionId: string; body: Partial<RerunBody> }) =>
      apiRequest(`/api/v1/monitoring/executions/${encodeURIComponent(executionId)}/rerun`, {
        method: 'POST',
        body,
        schema: rerunAnswerSchema,
      }),
  });
}

/** POST …/rerun-failed/preview: how many failed executions of the period would run again. */
export function previewFailedReruns(body: RerunFailedBody) {
  return apiRequest('/api/v1/monitoring/executions/rerun-failed/preview', {
    method: 'POST',
    body,
    schema: rerunFailedPreviewSchema,
  });
}

/** POST …/rerun-failed: the failed executions of the period run again, whole. */
export function useRerunFailed() {
  return useMutation({
    mutationFn: (body: RerunFailedBody) =>
      apiRequest('/api/v1/monitoring/executions/rerun-failed', {
        method: 'POST',
        body,
        schema: rerunFailedAnswerSchema,
      }),
  });
}
