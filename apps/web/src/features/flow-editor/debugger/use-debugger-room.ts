import { useEffect, type Dispatch, type MutableRefObject } from 'react';
import type { Socket } from 'socket.io-client';
import { liveRooms } from '@ponte/shared/live.schema';
import { joinRoom, leaveRoom } from '../../../lib/engine/engine-socket';
import { toast } from '../../../lib/toasts';
import { stopDebug } from './api/stop-debug';
import type { DebuggerAction, DebugPhase } from './debugger-state';
import { debuggerTexts } from './debugger-texts';

export interface DebuggerRoomOptions {
  flowId: string | null;
  enabled: boolean;
  connectSocket: () => Socket;
  dispatch: Dispatch<DebuggerAction>;
  /** The session's phase now (read when the room is left). */
  phaseNow: () => DebugPhase;
  steppingRef: MutableRefObject<boolean>;
  setConnectionError: (message: string | null) => void;
}

/**
 * Listens to the flow's `debugger-{flowId}` room while the debugger is open; leaving (or
 * unmounting) while a session runs stops the session.
 */
export function useDebuggerRoom({
  flowId,
  enabled,
  connectSocket,
  dispatch,
  phaseNow,
  steppingRef,
  setConnectionError,
}: DebuggerRoomOptions): void {
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
      const phase = phaseNow();
      if (phase === 'active' || phase === 'starting') {
        stopDebug(flowId).catch(() => toast.error(debuggerTexts.stopError));
      }
      steppingRef.current = false;
      dispatch({ type: 'reset' });
    };
  }, [enabled, flowId, connectSocket, dispatch, phaseNow, steppingRef, setConnectionError]);
}
