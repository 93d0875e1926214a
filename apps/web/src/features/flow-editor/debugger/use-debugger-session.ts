import { useCallback, type Dispatch } from 'react';
import { errorMessage } from '../../../lib/api/api-error';
import { toast } from '../../../lib/toasts';
import { startDebug } from './api/start-debug';
import { stopDebug } from './api/stop-debug';
import type { DebuggerAction } from './debugger-state';
import { debuggerTexts } from './debugger-texts';

/** Starting and stopping the flow's debug session; failures are told in a toast. */
export function useDebuggerSession(flowId: string | null, dispatch: Dispatch<DebuggerAction>) {
  const start = useCallback(async () => {
    if (!flowId) return false;
    dispatch({ type: 'starting' });
    try {
      const result = await startDebug(flowId);
      if (result.active) dispatch({ type: 'started' });
      return true;
    } catch (error) {
      toast.error(debuggerTexts.startError(errorMessage(error)));
      dispatch({ type: 'start-failed' });
      return false;
    }
  }, [flowId, dispatch]);

  const stop = useCallback(async () => {
    if (!flowId) return;
    dispatch({ type: 'stopping' });
    try {
      await stopDebug(flowId);
    } catch {
      toast.error(debuggerTexts.stopError);
      dispatch({ type: 'stop-failed' });
    }
  }, [flowId, dispatch]);

  return { start, stop };
}
