import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../../lib/api/api-client';

export const rerunSchema = z.object({ success: z.boolean(), execution_id: z.string() });
export type Rerun = z.infer<typeof rerunSchema>;

/**
 * POST /engine/flow/debugger/rerun/{executionId}: runs the flow again with the input of a past
 * execution, inside the open debug session.
 */
export function rerunExecution(executionId: string): Promise<Rerun> {
  return apiRequest(`/engine/flow/debugger/rerun/${encodeURIComponent(executionId)}`, {
    method: 'POST',
    schema: rerunSchema,
  });
}

export function useRerunExecution() {
  return useMutation({ mutationFn: rerunExecution });
}
