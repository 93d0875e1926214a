import type { Server } from 'socket.io';
import { liveRooms, liveServerEvents } from '@ponte/shared/live.schema';
import type { RunningExecution } from '@ponte/shared/monitoring.schema';
import type { GroupLimit } from '../../lib/group-access/group-scope';
import type { AuthContext } from '../../plugins/auth';
import { createStatusThrottle } from './status-throttle';

/** The workspace's own live-monitoring room: a workspace never sees another's executions. */
export const monitoringRoom = (workspaceId: string) => `${liveRooms.liveMonitoring}:${workspaceId}`;
/** Its members limited to some groups (docs/adr/0109): each is sent the list of theirs. */
export const limitedMonitoringRoom = (workspaceId: string) =>
  `${monitoringRoom(workspaceId)}:limited`;
/** The room a session's `live-monitoring` join puts the socket in. */
export const monitoringRoomOf = (session: AuthContext) =>
  (session.groupIds ? limitedMonitoringRoom : monitoringRoom)(session.workspaceId);

interface FeedDeps {
  /** The running list; `within`: only flows in those groups. */
  runningExecutions(workspaceId: string, within?: GroupLimit): Promise<RunningExecution[]>;
}

/**
 * `status-list-updated` to this process's sockets only (every API process feeds its own): at
 * most one per workspace every `throttleMs`, the last state wins. The workspace's room gets the
 * whole list; each set of groups among the limited members' sockets gets its own, one read per
 * set.
 */
export function createMonitoringFeed(
  io: Server,
  deps: FeedDeps,
  throttleMs: number,
  fail: (error: unknown) => void,
) {
  const roomSize = (room: string) => io.sockets.adapter.rooms.get(room)?.size ?? 0;

  const sendLimitedLists = async (workspaceId: string) => {
    const bySet = new Map<string, { emit(event: string, list: unknown): unknown }[]>();
    for (const id of io.sockets.adapter.rooms.get(limitedMonitoringRoom(workspaceId)) ?? []) {
      const socket = io.sockets.sockets.get(id);
      const groups = (socket?.data as { session?: AuthContext } | undefined)?.session?.groupIds;
      if (!socket || !groups) continue;
      const key = JSON.stringify(groups);
      bySet.set(key, [...(bySet.get(key) ?? []), socket]);
    }
    for (const [key, sockets] of bySet) {
      const list = await deps.runningExecutions(workspaceId, JSON.parse(key) as string[]);
      for (const socket of sockets) socket.emit(liveServerEvents.statusListUpdated, list);
    }
  };

  return createStatusThrottle({
    throttleMs,
    read: (workspaceId) => deps.runningExecutions(workspaceId),
    send: (workspaceId, list) => {
      io.local.to(monitoringRoom(workspaceId)).emit(liveServerEvents.statusListUpdated, list);
      if (roomSize(limitedMonitoringRoom(workspaceId)) > 0)
        sendLimitedLists(workspaceId).catch(fail);
    },
    listening: (workspaceId) =>
      roomSize(monitoringRoom(workspaceId)) + roomSize(limitedMonitoringRoom(workspaceId)) > 0,
    onError: fail,
  });
}
