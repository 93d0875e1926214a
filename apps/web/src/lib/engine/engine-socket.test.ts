import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { Server } from 'socket.io';
import { liveSocketPath } from '@ponte/shared/live.schema';
import { tokenStore } from '../session/session-store';
import { connectEngineSocket } from './engine-socket';

const storeToken = (token: string) => tokenStore.set(token);

const http = createServer();
const server = new Server(http, { path: liveSocketPath });
/** The tokens of every handshake, in order. */
const handshakes: string[] = [];
server.use((socket, next) => {
  handshakes.push((socket.handshake.auth as { token: string }).token);
  next();
});
let url = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  handshakes.length = 0;
});

const next = (socket: ReturnType<typeof connectEngineSocket>, event: string) =>
  new Promise((resolve) => socket.once(event, resolve));

it('comes back with the renewed token after the server ends its session, never with the old one', async () => {
  storeToken('token-1');
  const socket = connectEngineSocket(url);
  await next(socket, 'connect');
  const ended = next(socket, 'disconnect');
  server.disconnectSockets(true);
  await ended;
  expect(socket.connected).toBe(false);

  const back = next(socket, 'connect');
  storeToken('token-2');
  await back;
  expect(handshakes).toEqual(['token-1', 'token-2']);
  socket.close();
});

it('stops waiting for a renewed token once the screen closes the socket', async () => {
  storeToken('token-3');
  const socket = connectEngineSocket(url);
  await next(socket, 'connect');
  const ended = next(socket, 'disconnect');
  server.disconnectSockets(true);
  await ended;
  socket.close();
  storeToken('token-4');
  // connect() would have made it active at once.
  expect(socket.active).toBe(false);
  expect(handshakes).toEqual(['token-3']);
});
