import { liveRooms } from '@ponte/shared/live.schema';
import { can, type Role } from '@ponte/shared/roles';

/**
 * The sockets of a flow's debugger whose role may not read personal data (docs/adr/0122): when
 * the flow stores personal data masked, they are sent the lines as stored. No client can join it
 * by name (it matches no room prefix); a debugger join puts the socket here or in
 * `debugger-{flowId}`, and every message still arrives as the event named `debugger-{flowId}`.
 */
export const maskedDebuggerRoom = (flowId: string) => `masked:${liveRooms.debugger(flowId)}`;

/** The room a debugger join of this role goes to. */
export function debuggerRoomFor(role: Role, flowId: string): string {
  return can(role, 'personalData.read') ? liveRooms.debugger(flowId) : maskedDebuggerRoom(flowId);
}
