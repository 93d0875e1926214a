import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { liveRooms } from '@ponte/shared/live.schema';
import { errorMessage } from '../../../lib/api/api-error';
import { connectEngineSocket, joinRoom, leaveRoom } from '../../../lib/engine/engine-socket';
import { toast } from '../../../lib/toasts';
import { nextStep as nextStepRequest } from './api/next-step';
import { rerunExecution } from './api/rerun-execution';
import { startDebug } from './api/start-debug';
import { stopDebug } from './api/stop-debug';
import {
  continueStepMs,
  debuggerReducer,
  initialDebuggerState,
  type DebugCurrentNode,
  type DebugLog,
  type DebugPhase,
} from './debugger-state';
import { debuggerTexts } from './debugger-texts';

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

  useEffect(() => {
    stateRef.current = state;
  }, [state]);

  useEffect(() => {
    if (!enabled || !flowId) return;
    const socket = connectSocket();
    const room = liveRooms.debugger(flowId);
    let closed = false;
    const onMessage = (payload: unknown) => dispatch({ type: 'message', payload });
    const join = () => {
      void joinRoom(socket, room).then((ack) => {
        if (!closed) setConnectionError(ack.ok ? null : debuggerTexts.joinError(ack.message));
      });
    };
    socket.on(room, onMessage);
    // Rooms do not survive a reconnection: join on every connection.
    socket.on('connect', join);
    if (socket.connected) join();
    return () => {
      closed = true;
      socket.off(room, onMessage);
      socket.off('connect', join);
      leaveRoom(socket, room);
      socket.disconnect();
      const phase = stateRef.current.phase;
      if (phase === 'active' || phase === 'starting') {
        stopDebug(flowId).catch(() => toast.error(debuggerTexts.stopError));
      }
      steppingRef.current = false;
      dispatch({ type: 'reset' });
    };
  }, [enabled, flowId, connectSocket]);

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
  }, [flowId]);

  const stop = useCallback(async () => {
    if (!flowId) return;
    dispatch({ type: 'stopping' });
    try {
      await stopDebug(flowId);
    } catch {
      toast.error(debuggerTexts.stopError);
      dispatch({ type: 'stop-failed' });
    }
  }, [flowId]);

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
  useEffect(() => {
    if (!continuing) return;
    const timer = window.setInterval(() => {
      const { current, continueFrom } = stateRef.current;
      if (continueFrom === null || !current || steppingRef.current) return;
      if (current.isBreakpoint && current.seq !== continueFrom) {
        dispatch({ type: 'continue', from: null });
        return;
      }
      void nextStep();
    }, continueStepMs);
    return () => window.clearInterval(timer);
  }, [continuing, nextStep]);

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
