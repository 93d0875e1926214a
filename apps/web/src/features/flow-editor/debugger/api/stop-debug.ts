import { useMutation } from '@tanstack/react-query';
import { debuggerStateSchema, type DebuggerState } from '@ponte/shared/live.schema';
import { apiRequest } from '../../../../lib/api/api-client';

/** POST /engine/flow/debugger/stop-debug/{flowId}: ends the session (event `debug-stop`). */
export function stopDebug(flowId: string): Promise<DebuggerState> {
  return apiRequest(`/engine/flow/debugger/stop-debug/${encodeURIComponent(flowId)}`, {
    method: 'POST',
    schema: debuggerStateSchema,
  });
}

export function useStopDebug() {
  return useMutation({ mutationFn: stopDebug });
}
