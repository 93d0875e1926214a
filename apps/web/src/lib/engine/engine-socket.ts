import { io, type Socket } from 'socket.io-client';
import { joinAckSchema, liveClientEvents, liveSocketPath } from '@ponte/shared/live.schema';
import type { JoinAck } from '@ponte/shared/live.schema';
import { tokenStore } from '../session/session-store';

/**
 * A connection to the live socket (spec 1 §7, spec 2 §7) with the session token. Each screen
 * opens its own and closes it when it unmounts; socket.io reconnects by itself.
 */
export function connectEngineSocket(): Socket {
  return io({
    path: liveSocketPath,
    auth: (send) => send({ token: tokenStore.get() ?? '' }),
    transports: ['websocket', 'polling'],
  });
}

/** Joins a room (`debugger-{flowId}` or `live-monitoring`); the server refuses other workspaces'. */
export function joinRoom(socket: Socket, room: string): Promise<JoinAck> {
  return new Promise((resolve) => {
    socket.timeout(10_000).emit(liveClientEvents.join, room, (error: unknown, ack: unknown) => {
      if (error) {
        resolve({ ok: false, message: 'O servidor não respondeu a tempo.' });
        return;
      }
      const parsed = joinAckSchema.safeParse(ack);
      resolve(parsed.success ? parsed.data : { ok: false, message: 'Resposta inesperada.' });
    });
  });
}

export function leaveRoom(socket: Socket, room: string): void {
  socket.emit(liveClientEvents.leave, room);
}
