import { useMutation } from '@tanstack/react-query';
import { debuggerStateSchema, type DebuggerState } from '@ponte/shared/live.schema';
import { apiRequest } from '../../../../lib/api/api-client';

/** POST /engine/flow/debugger/start-debug/{flowId}: opens a debug session of the flow. */
export function startDebug(flowId: string): Promise<DebuggerState> {
  return apiRequest(`/engine/flow/debugger/start-debug/${encodeURIComponent(flowId)}`, {
    method: 'POST',
    schema: debuggerStateSchema,
  });
}

export function useStartDebug() {
  return useMutation({ mutationFn: startDebug });
}
