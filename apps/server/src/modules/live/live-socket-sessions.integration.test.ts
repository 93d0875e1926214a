import { expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { liveRooms } from '@ponte/shared/live.schema';
import { messages } from '@ponte/shared/messages';
import { sessionLifetimeSeconds } from '../auth/token-issuer';
import { connectLive, joinLive, useLiveSockets } from '../../test/live-client';
import { testPassword, useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';

/** Resolves with the reason once the server ends the socket. */
const disconnected = (socket: Socket) =>
  new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

describeEachDriver('live sockets end with their session', (driver) => {
  const t = useTestApp(driver);
  const live = useLiveSockets(t);
  const connect = live.connect;

  it("a password change disconnects every joined socket of the user, and only the user's", async () => {
    const account = await t.createAccount();
    const other = await t.createAccount();
    const secondSession = await t.tokens.issue(account.userId, account.workspaceId);
    const first = await connect(account.token);
    const second = await connect(secondSession);
    const stranger = await connect(other.token);
    for (const socket of [first, second, stranger])
      expect(await joinLive(socket, liveRooms.liveMonitoring)).toEqual({ ok: true });
    const ends = [disconnected(first), disconnected(second)];

    const changed = await t.request(account.token).put('/api/v1/users/me/password', {
      current_password: testPassword,
      new_password: 'outra-senha-123',
    });
    expect(changed.statusCode).toBe(200);
    expect(await Promise.all(ends)).toEqual(['io server disconnect', 'io server disconnect']);
    // The other user's socket still answers; the new token opens a socket.
    expect(await joinLive(stranger, liveRooms.liveMonitoring)).toEqual({ ok: true });
    expect(stranger.connected).toBe(true);
    const fresh = await connect(changed.json().token as string);
    expect(await joinLive(fresh, liveRooms.liveMonitoring)).toEqual({ ok: true });
  });

  it('a refresh disconnects the socket of the token it replaced', async () => {
    const account = await t.createAccount();
    const socket = await connect(account.token);
    const ended = disconnected(socket);
    const res = await t.request(account.token).put('/account/v1/authenticate/refresh');
    expect(res.statusCode).toBe(200);
    expect(await ended).toBe('io server disconnect');
  });

  it('a session revoked by another process ends the socket at its next event', async () => {
    const account = await t.createAccount();
    const socket = await connect(account.token);
    expect(await joinLive(socket, liveRooms.liveMonitoring)).toEqual({ ok: true });
    // Another process writes the revocation in the shared database; this one hears nothing.
    expect(await t.tokens.revokeUser(account.userId)).toHaveLength(1);
    const ended = disconnected(socket);
    expect(await joinLive(socket, liveRooms.liveMonitoring)).toEqual({
      ok: false,
      message: messages.debugger.invalidSession,
    });
    expect(await ended).toBe('io server disconnect');
  });

  it('a socket is disconnected when its token expires', async () => {
    const account = await t.createAccount();
    // A token issued almost a lifetime ago. Its `iat` is a whole second of the app's clock, so
    // the shift lands on a second: it expires between 2 s and 3 s from now (the remainder of
    // the wall clock, used before, could leave a few milliseconds under load).
    const now = t.clock.now().getTime();
    const back = sessionLifetimeSeconds * 1000 - 3_000 + (now % 1_000);
    t.clock.advance(-back);
    const token = await t.tokens.issue(account.userId, account.workspaceId);
    t.clock.advance(back);
    const socket = await connect(token);
    expect(await joinLive(socket, liveRooms.liveMonitoring)).toEqual({ ok: true });
    expect(await disconnected(socket)).toBe('io server disconnect');
    await expect(connectLive(live.url, token)).rejects.toThrow(messages.debugger.invalidSession);
  });
});
