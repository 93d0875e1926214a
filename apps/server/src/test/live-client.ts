import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import {
  liveClientEvents,
  liveRooms,
  liveServerEvents,
  liveSocketPath,
  type EditorState,
  type FlowEditorsEvent,
  type JoinAck,
} from '@ponte/shared/live.schema';
import type { App } from '../app';

/** The app listening on a free port of 127.0.0.1 (the live socket needs a real server). */
export async function listenOnFreePort(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A live-socket client with the token; rejects with the server's refusal. */
export function connectLive(url: string, token: string | null): Promise<Socket> {
  const socket = io(url, {
    path: liveSocketPath,
    auth: token === null ? {} : { token },
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

export function joinLive(socket: Socket, room: string): Promise<JoinAck> {
  return socket.timeout(5_000).emitWithAck(liveClientEvents.join, room) as Promise<JoinAck>;
}

/** Everything the socket receives as `event`, in order. */
export function recordLive<T = unknown>(socket: Socket, event: string): T[] {
  const received: T[] = [];
  socket.on(event, (payload: T) => received.push(payload));
  return received;
}

/**
 * The app listening on a free port for the suite; `connect` opens a live socket that is closed
 * after the test.
 */
export function useLiveSockets(t: { readonly app: App }) {
  const sockets: Socket[] = [];
  const live = {
    url: '',
    /** The sockets `connect` opened in this test, oldest first. */
    sockets,
    async connect(token: string): Promise<Socket> {
      const socket = await connectLive(live.url, token);
      sockets.push(socket);
      return socket;
    },
  };
  beforeAll(async () => {
    live.url = await listenOnFreePort(t.app);
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  return live;
}

export type LiveSockets = ReturnType<typeof useLiveSockets>;

/**
 * An editor of the flow on `socket` (`flow-editors-{flowId}`): every editors list it receives,
 * its own editor id, and `dirty` to say it has unsaved changes or not.
 */
export async function openEditor(socket: Socket, flowId: string) {
  const lists = recordLive<FlowEditorsEvent>(socket, liveServerEvents.flowEditors);
  const ack = await joinLive(socket, liveRooms.flowEditors(flowId));
  if (!ack.ok || !ack.editor_id) throw new Error(`Entrada recusada: ${JSON.stringify(ack)}`);
  return {
    editorId: ack.editor_id,
    lists,
    /** The names in the last list, with '*' after those with unsaved changes. */
    seen: () => (lists.at(-1)?.editors ?? []).map((e) => `${e.name}${e.dirty ? '*' : ''}`),
    dirty: (dirty: boolean) =>
      socket.emit(liveClientEvents.editorState, { flow_id: flowId, dirty } satisfies EditorState),
  };
}
