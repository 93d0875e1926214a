import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../api/api-client';

export const manualRunSchema = z.object({ success: z.boolean(), execution_id: z.string() });
export type ManualRun = z.infer<typeof manualRunSchema>;

/** A text field's value, or the chosen file of an upload field. */
export type ManualInputValue = string | File | null;

export interface RunManualTriggerInput {
  flowId: string;
  values: Record<string, ManualInputValue>;
}

/**
 * POST /engine/flow/manual-trigger/{flowId}: starts the flow with the form's values, sent as
 * multipart: every text as a field, each chosen file as a part (an upload left empty is not sent).
 */
export function runManualTrigger({ flowId, values }: RunManualTriggerInput): Promise<ManualRun> {
  const body = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (value instanceof File) body.append(name, value, value.name);
    else if (typeof value === 'string') body.append(name, value);
  }
  return apiRequest(`/engine/flow/manual-trigger/${encodeURIComponent(flowId)}`, {
    method: 'POST',
    body,
    schema: manualRunSchema,
  });
}

export function useRunManualTrigger() {
  return useMutation({ mutationFn: runManualTrigger });
}
