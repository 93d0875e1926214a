import { io, type Socket } from 'socket.io-client';
import { joinAckSchema, liveClientEvents, liveSocketPath } from '@ponte/shared/live.schema';
import type { JoinAck } from '@ponte/shared/live.schema';
import { tokenStore } from '../session/session-store';

/**
 * A connection to the live socket (spec 1 §7, spec 2 §7) with the session token. Each screen
 * opens its own and closes it when it unmounts; socket.io reconnects by itself after a network
 * loss. The server ends the socket when its session ends (ADR 0016): renewed, expired or
 * revoked. It then reconnects once a different token is stored (the renewal), never with the
 * token the server refused; `url` is for tests (default: the app's origin).
 */
export function connectEngineSocket(url?: string): Socket {
  let sentToken = '';
  const options = {
    path: liveSocketPath,
    auth: (send: (data: object) => void) => {
      sentToken = tokenStore.get() ?? '';
      send({ token: sentToken });
    },
    transports: ['websocket', 'polling'],
  };
  const socket = url === undefined ? io(options) : io(url, options);

  let stopWaiting: (() => void) | null = null;
  const cancelWait = () => {
    stopWaiting?.();
    stopWaiting = null;
  };
  const reconnectIfRenewed = () => {
    const token = tokenStore.get();
    if (!token || token === sentToken) return false;
    cancelWait();
    socket.connect();
    return true;
  };
  socket.on('disconnect', (reason) => {
    cancelWait();
    if (reason !== 'io server disconnect') return;
    if (!reconnectIfRenewed()) stopWaiting = tokenStore.subscribe(() => void reconnectIfRenewed());
  });
  // Closing the socket (the screen unmounts) also stops waiting for a renewed token.
  const disconnect = socket.disconnect.bind(socket);
  socket.disconnect = () => {
    cancelWait();
    return disconnect();
  };
  socket.close = socket.disconnect;
  return socket;
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
