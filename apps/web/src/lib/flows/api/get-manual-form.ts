import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../api/api-client';
import { flowsQueryKey } from '../flows-query-key';

export const manualFormFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(['text', 'textarea', 'upload']),
  required: z.boolean(),
});
export type ManualFormField = z.infer<typeof manualFormFieldSchema>;

export const manualFormSchema = z.object({
  success: z.boolean(),
  form_fields: z.array(manualFormFieldSchema),
  form_description: z.string(),
});
export type ManualForm = z.infer<typeof manualFormSchema>;

/** GET /engine/flow/manual-trigger/{flowId}: the fields of the flow's Manual Trigger (spec 1 §2.5). */
export function getManualForm(flowId: string): Promise<ManualForm> {
  return apiRequest(`/engine/flow/manual-trigger/${encodeURIComponent(flowId)}`, {
    schema: manualFormSchema,
  });
}

export function getManualFormQueryOptions(flowId: string) {
  return queryOptions({
    queryKey: [...flowsQueryKey, 'manual-form', flowId],
    queryFn: () => getManualForm(flowId),
    // The trigger's fields may have been edited since the last opening.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useManualForm(flowId: string | null, enabled = true) {
  return useQuery({
    ...getManualFormQueryOptions(flowId ?? ''),
    enabled: enabled && Boolean(flowId),
  });
}
