import {
  expressionPreviewSchema,
  type expressionPreviewBodySchema,
} from '@ponte/shared/execution-data.schema';
import type { z } from 'zod';
import { apiRequest } from '../../../../lib/api/api-client';

export type PreviewBody = z.infer<typeof expressionPreviewBodySchema>;
export type PreviewResult = z.infer<typeof expressionPreviewSchema>['results'][number];

/** POST /engine/expressions/preview: each template resolved over `msg` as a run would. */
export async function previewExpressions(
  body: PreviewBody,
  signal?: AbortSignal,
): Promise<PreviewResult[]> {
  const { results } = await apiRequest('/engine/expressions/preview', {
    method: 'POST',
    body,
    schema: expressionPreviewSchema,
    silent: true,
    ...(signal ? { signal } : {}),
  });
  return results;
}
