import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { liveRooms } from '@ponte/shared/live.schema';
import { messages } from '@ponte/shared/messages';
import { connectLive, joinLive, listenOnFreePort, useLiveSockets } from '../../test/live-client';
import { useTestApp, type TestContext } from '../../test/test-app';
import { describeEachDriver, postgresTestUrl } from '../../test/test-database';
import { testRedisUrl, useClusterApps } from '../../test/cluster-apps';

/** Resolves with the reason once the server ends the socket. */
const disconnected = (socket: Socket) =>
  new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

/** The status a token gets from the workspace API, the engine API and the account API. */
async function statusesOf(t: TestContext, token: string) {
  const api = t.request(token);
  return {
    api: (await api.get('/api/v1/users/me')).statusCode,
    engine: (await api.get('/engine/library')).statusCode,
    account: (await api.put('/account/v1/authenticate/refresh')).statusCode,
  };
}

describeEachDriver('sign-out (POST /account/v1/logout)', (driver) => {
  const t = useTestApp(driver);
  const live = useLiveSockets(t);

  it('ends the session of the token sent: 401 everywhere and its socket closed; the other sessions stay', async () => {
    const account = await t.createAccount();
    const otherDevice = await t.tokens.issue(account.userId, account.workspaceId);
    const socket = await live.connect(account.token);
    const otherSocket = await live.connect(otherDevice);
    for (const each of [socket, otherSocket])
      expect(await joinLive(each, liveRooms.liveMonitoring)).toEqual({ ok: true });
    const ended = disconnected(socket);

    const res = await t.request(account.token).post('/account/v1/logout');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    // The socket ends without sending anything: the revocation reached it.
    expect(await ended).toBe('io server disconnect');
    expect(await statusesOf(t, account.token)).toEqual({ api: 401, engine: 401, account: 401 });
    expect((await t.request(account.token).post('/account/v1/logout')).statusCode).toBe(401);
    await expect(connectLive(live.url, account.token)).rejects.toThrow(
      messages.debugger.invalidSession,
    );

    // The same user's other session still works, its socket too.
    expect((await t.request(otherDevice).get('/api/v1/users/me')).statusCode).toBe(200);
    expect((await t.request(otherDevice).get('/engine/library')).statusCode).toBe(200);
    expect(otherSocket.connected).toBe(true);
    expect(await joinLive(otherSocket, liveRooms.liveMonitoring)).toEqual({ ok: true });
  });

  it('answers 401 without a valid token', async () => {
    const res = await t.request(null).post('/account/v1/logout');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'unauthorized' });
    expect((await t.request('nao-e-um-token').post('/account/v1/logout')).statusCode).toBe(401);
  });
});

describe.skipIf(!testRedisUrl || !postgresTestUrl)('sign-out across processes', () => {
  // Two API processes on one PostgreSQL database and one Redis prefix of their own.
  const cluster = useClusterApps();
  const instance = () => cluster.instance('all');
  const a = instance();
  const b = instance();
  const urls = { a: '', b: '' };
  beforeAll(async () => {
    urls.a = await listenOnFreePort(a.app);
    urls.b = await listenOnFreePort(b.app);
  });
  const sockets: Socket[] = [];
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });

  it('a sign-out in one process ends the socket held by another at once, and every process refuses the token', async () => {
    const account = await a.createAccount();
    const onB = await connectLive(urls.b, account.token);
    sockets.push(onB);
    expect(await joinLive(onB, liveRooms.liveMonitoring)).toEqual({ ok: true });
    const ended = disconnected(onB);

    expect((await a.request(account.token).post('/account/v1/logout')).statusCode).toBe(204);

    expect(await ended).toBe('io server disconnect');
    for (const process of [a, b])
      expect(await statusesOf(process, account.token)).toEqual({
        api: 401,
        engine: 401,
        account: 401,
      });
  });
});
