import { useMutation } from '@tanstack/react-query';
import { debuggerStateSchema, type DebuggerState } from '@ponte/shared/live.schema';
import { apiRequest } from '../../../../lib/api/api-client';

/** POST /engine/flow/debugger/next-step/{flowId}: releases the node the session holds. */
export function nextStep(flowId: string): Promise<DebuggerState> {
  return apiRequest(`/engine/flow/debugger/next-step/${encodeURIComponent(flowId)}`, {
    method: 'POST',
    schema: debuggerStateSchema,
    silent: true,
  });
}

export function useNextStep() {
  return useMutation({ mutationFn: nextStep });
}
