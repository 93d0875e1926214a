import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { errorMessage } from '../../../lib/api/api-error';
import { connectEngineSocket } from '../../../lib/engine/engine-socket';
import { toast } from '../../../lib/toasts';
import { nextStep as nextStepRequest } from './api/next-step';
import { rerunExecution } from './api/rerun-execution';
import {
  debuggerReducer,
  initialDebuggerState,
  type DebugCurrentNode,
  type DebugLog,
  type DebugPhase,
} from './debugger-state';
import { debuggerTexts } from './debugger-texts';
import { useContinueLoop } from './use-continue-loop';
import { useDebuggerRoom } from './use-debugger-room';
import { useDebuggerSession } from './use-debugger-session';

export interface UseDebuggerOptions {
  /** The saved flow; null for a new flow (no debugger). */
  flowId: string | null;
  /** The debugger is open: listen to the room. Turning it off ends the session. */
  enabled: boolean;
  /** Tests pass a fake socket. */
  connectSocket?: () => Socket;
}

export interface DebuggerController {
  phase: DebugPhase;
  /** A session runs (also while it is stopping). */
  active: boolean;
  current: DebugCurrentNode | null;
  stepping: boolean;
  continuing: boolean;
  canNextStep: boolean;
  /** The logs to show, newest first (internal ones only when `showInternal`). */
  logs: DebugLog[];
  showInternal: boolean;
  setShowInternal: (value: boolean) => void;
  clearLogs: () => void;
  /** Why the room could not be joined, if it could not. */
  connectionError: string | null;
  /** Resolves true when the session was started. */
  start: () => Promise<boolean>;
  stop: () => Promise<void>;
  nextStep: () => Promise<boolean>;
  continueToBreakpoint: () => void;
  rerun: (executionId: string) => Promise<void>;
}

/**
 * The Live Debugger of one flow (spec 1 §2.7, §4): the `debugger-{flowId}` room, the session
 * state and its calls. Unmounting or disabling it while a session runs stops the session.
 */
export function useDebugger({
  flowId,
  enabled,
  connectSocket = connectEngineSocket,
}: UseDebuggerOptions): DebuggerController {
  const [state, dispatch] = useReducer(debuggerReducer, initialDebuggerState);
  const [showInternal, setShowInternal] = useState(false);
  const [connectionError, setConnectionError] = useState<string | null>(null);
  const stateRef = useRef(state);
  const steppingRef = useRef(false);
  const phaseNow = useCallback(() => stateRef.current.phase, []);

  useEffect(() => {
    stateRef.current = state;
  }, [state]);

  useDebuggerRoom({
    flowId,
    enabled,
    connectSocket,
    dispatch,
    phaseNow,
    steppingRef,
    setConnectionError,
  });

  const { start, stop } = useDebuggerSession(flowId, dispatch);

  const nextStep = useCallback(async () => {
    const current = stateRef.current.current;
    if (!flowId || !current || steppingRef.current) return false;
    steppingRef.current = true;
    dispatch({ type: 'stepping', value: true });
    try {
      await nextStepRequest(flowId);
      dispatch({ type: 'released', seq: current.seq });
      return true;
    } catch {
      toast.error(debuggerTexts.nextStepError);
      dispatch({ type: 'stepping', value: false });
      dispatch({ type: 'continue', from: null });
      return false;
    } finally {
      steppingRef.current = false;
    }
  }, [flowId]);

  const continueToBreakpoint = useCallback(() => {
    const current = stateRef.current.current;
    if (!current) return;
    dispatch({ type: 'continue', from: current.seq });
    void nextStep();
  }, [nextStep]);

  // Continue: one next step every 200 ms until the node held is a breakpoint.
  const continuing = state.continueFrom !== null;
  useContinueLoop({ continuing, stateRef, steppingRef, nextStep, dispatch });

  const rerun = useCallback(
    async (executionId: string) => {
      if (stateRef.current.phase === 'off' && !(await start())) return;
      try {
        await rerunExecution(executionId);
        toast.success(debuggerTexts.rerunStarted);
      } catch (error) {
        toast.error(debuggerTexts.rerunError(errorMessage(error)));
      }
    },
    [start],
  );

  const logs = useMemo(
    () =>
      showInternal ? state.logs : state.logs.filter((log) => log.item.data.type !== 'internal'),
    [state.logs, showInternal],
  );

  return {
    phase: state.phase,
    active: state.phase === 'active' || state.phase === 'stopping',
    current: state.current,
    stepping: state.stepping,
    continuing,
    canNextStep: state.phase === 'active' && state.current !== null && !state.stepping,
    logs,
    showInternal,
    setShowInternal,
    clearLogs: useCallback(() => dispatch({ type: 'clear-logs' }), []),
    connectionError,
    start,
    stop,
    nextStep,
    continueToBreakpoint,
    rerun,
  };
}
