import { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { createDebugSession } from '@ponte/engine/debugger/debug-session';
import { liveClientEvents, liveRooms } from '@ponte/shared/live.schema';
import { messages } from '@ponte/shared/messages';
import { createAuthService } from '../auth/auth.service';
import { createMemoryLoginThrottle } from '../auth/login-throttle';
import type { SecurityEventInput } from '../audit/security-log.service';
import { useTestApp } from '../../test/test-app';
import { connectLive, joinLive } from '../../test/live-client';
import { describeEachDriver } from '../../test/test-database';
import { until } from '../../test/until';
import { createDebugSessions } from './debug-sessions';
import { createLiveSocket, type LiveSocketServer } from './live-socket';
import { createSystemStatusSampler } from './system-status';

describeEachDriver('live socket under a flood', (driver) => {
  const t = useTestApp(driver);
  let server: Server;
  let live: LiveSocketServer;
  let url = '';
  /** Sessions read from the database by the socket (handshakes and joins). */
  let reads = 0;
  const events: SecurityEventInput[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    const auth = createAuthService({
      db: t.database.db,
      tokens: t.tokens,
      throttle: createMemoryLoginThrottle(),
      now: t.clock.now,
    });
    server = createServer();
    live = createLiveSocket({
      server,
      resolveSession: (token) => {
        reads++;
        return auth.resolveSession(token);
      },
      flowInWorkspace: async () => false,
      runningExecutions: async () => [],
      editorName: async () => null,
      runnerEvents: new EventEmitter(),
      debugSessions: createDebugSessions({ createSession: createDebugSession }),
      systemStatus: createSystemStatusSampler(),
      eventLimit: { burst: 30, perSecond: 10 },
      security: (event) => events.push(event),
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => {
    await live?.close();
    await new Promise((resolve) => server?.close(resolve));
  });
  const connect = async (token: string) => {
    const socket = await connectLive(url, token);
    sockets.push(socket);
    return socket;
  };

  it('a burst of joins shares the session checks instead of reading the session per join', async () => {
    const account = await t.createAccount();
    const socket = await connect(account.token);
    const before = reads;
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => joinLive(socket, liveRooms.liveMonitoring)),
    );
    expect(answers.every((answer) => answer.ok)).toBe(true);
    // One check running, the others waiting for the next one (ADR 0016's guard).
    expect(reads - before).toBeLessThanOrEqual(2);
  });

  it('disconnects a socket that floods joins and records it; another workspace goes on', async () => {
    const flooder = await t.createAccount({ workspaceName: 'Inundação' });
    const neighbour = await t.createAccount({ workspaceName: 'Vizinho' });
    const calm = await connect(neighbour.token);
    const socket = await connect(flooder.token);
    const reason = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const before = reads;

    for (let n = 0; n < 100_000; n++) socket.emit(liveClientEvents.join, liveRooms.liveMonitoring);

    expect(await reason).toBe('io server disconnect');
    // The bucket cuts the flood before the session guard: a couple of reads, not 100 000.
    expect(reads - before).toBeLessThanOrEqual(2);
    const flood = await until(
      () => events.find((event) => event.workspaceId === flooder.workspaceId),
      'o evento da inundação',
    );
    expect(flood).toEqual({
      kind: 'throttled',
      userId: flooder.userId,
      workspaceId: flooder.workspaceId,
      resource: 'socket',
      detail: messages.securityLog.socketFlood,
    });
    expect(events.filter((event) => event.workspaceId === flooder.workspaceId)).toHaveLength(1);
    expect(calm.connected).toBe(true);
    expect(await joinLive(calm, liveRooms.liveMonitoring)).toEqual({ ok: true });
  });
});
