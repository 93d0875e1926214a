import { useCallback, useEffect, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import {
  liveClientEvents,
  liveRooms,
  liveServerEvents,
  statusListSchema,
  systemStatusSchema,
} from '@ponte/shared/live.schema';
import type { SystemStatus } from '@ponte/shared/live.schema';
import type { RunningExecution } from '@ponte/shared/monitoring.schema';
import { connectEngineSocket, joinRoom } from '../../lib/engine/engine-socket';

/** Spec 2 §9: the page asks the list every second; the feed reconnects 3 s after a restart. */
export const statusListPollMs = 1000;
export const reconnectAfterRestartMs = 3000;

/**
 * The live-monitoring room of the live socket (spec 2 §7): the running executions and the
 * system status. `pause()` closes the feed (the engine restarts); `resume(afterMs)` reopens it.
 */
export function useLiveMonitoring() {
  const socketRef = useRef<Socket | null>(null);
  const resumeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [executions, setExecutions] = useState<RunningExecution[]>([]);
  const [system, setSystem] = useState<SystemStatus | null>(null);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    const socket = connectEngineSocket();
    socketRef.current = socket;
    const onConnect = () => void joinRoom(socket, liveRooms.liveMonitoring);
    const onList = (payload: unknown) => {
      const parsed = statusListSchema.safeParse(payload);
      if (parsed.success) setExecutions(parsed.data);
    };
    const onSystem = (payload: unknown) => {
      const parsed = systemStatusSchema.safeParse(payload);
      if (parsed.success) setSystem(parsed.data);
    };
    socket.on('connect', onConnect);
    socket.on(liveServerEvents.statusList, onList);
    socket.on(liveServerEvents.statusListUpdated, onList);
    socket.on(liveServerEvents.systemStatus, onSystem);
    return () => {
      clearTimeout(resumeTimer.current);
      socket.off('connect', onConnect);
      socket.off(liveServerEvents.statusList, onList);
      socket.off(liveServerEvents.statusListUpdated, onList);
      socket.off(liveServerEvents.systemStatus, onSystem);
      socket.disconnect();
      socketRef.current = null;
    };
  }, []);

  useEffect(() => {
    if (paused) return;
    const timer = setInterval(() => {
      const socket = socketRef.current;
      if (socket?.connected) socket.emit(liveClientEvents.getStatusList);
    }, statusListPollMs);
    return () => clearInterval(timer);
  }, [paused]);

  const pause = useCallback(() => {
    clearTimeout(resumeTimer.current);
    setPaused(true);
    setExecutions([]);
    socketRef.current?.disconnect();
  }, []);

  const resume = useCallback((afterMs = 0) => {
    clearTimeout(resumeTimer.current);
    resumeTimer.current = setTimeout(() => {
      socketRef.current?.connect();
      setPaused(false);
    }, afterMs);
  }, []);

  return { executions, system, paused, pause, resume };
}
