import { io, type Socket } from 'socket.io-client';
import { liveClientEvents, liveSocketPath, type JoinAck } from '@ponte/shared/live.schema';

/** A live-socket client of the server at `url` with the token; rejects with the refusal. */
export function connectLive(url: string, token: string): Promise<Socket> {
  const socket = io(url, {
    path: liveSocketPath,
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** Joins a room; gives the server's answer ({ok: true} or the refusal). */
export function joinLive(socket: Socket, room: string): Promise<JoinAck> {
  return socket.timeout(5_000).emitWithAck(liveClientEvents.join, room) as Promise<JoinAck>;
}

/** Everything the socket receives as `event`, in order. */
export function recordLive<T = unknown>(socket: Socket, event: string): T[] {
  const received: T[] = [];
  socket.on(event, (payload: T) => received.push(payload));
  return received;
}
