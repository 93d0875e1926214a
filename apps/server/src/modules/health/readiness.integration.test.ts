import { randomUUID } from 'node:crypto';
import { createServer, connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { messages } from '@ponte/shared/messages';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildApp, type App, type BuildAppOptions } from '../../app';
import { createLocalBus } from '../../cluster/cluster-bus';
import type { DatabaseHandle } from '../../db/client';
import { testEncryptionKey, testSecret } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { until } from '../../test/until';
import { createRedisMessageDriver } from '../queues/drivers/redis-message-driver';

const redisUrl = process.env.PONTE_TEST_REDIS_URL;
if (!redisUrl) {
  console.warn('Prontidão com Redis: PONTE_TEST_REDIS_URL ausente, testes ignorados.');
}

/**
 * A TCP relay to the real Redis: the app talks to Redis through it, and closing it is Redis
 * going away for that app (and only for it: the other runs on the machine keep their Redis).
 */
async function startRelay(target: string) {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  let closed = false;
  const server = createServer((client) => {
    // A reconnection accepted while the relay closes would keep it open (and the test waiting).
    if (closed) {
      client.destroy();
      return;
    }
    const upstream = connect(Number(port || 6379), hostname || '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: relayPort } = server.address() as AddressInfo;
  return {
    url: `redis://127.0.0.1:${relayPort}`,
    /** Redis goes away: no new connection, every open one cut. */
    async close() {
      closed = true;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}

const config = {
  jwtSecret: testSecret,
  encryptionKey: testEncryptionKey,
  admin: null,
  docsUrl: null,
  supportUrl: null,
  webDist: join(tmpdir(), 'ponte-sem-web'),
};

describe.skipIf(!redisUrl)('/readyz with Redis', () => {
  // Every run has its own key prefix, and deletes its keys at the end.
  const prefix = `ponte-teste-${randomUUID()}`;
  const opened: { app?: App; database: DatabaseHandle; relay?: { close(): Promise<void> } }[] = [];
  afterEach(async () => {
    for (const { app, database, relay } of opened.splice(0)) {
      await app?.close();
      await database.close();
      await relay?.close();
    }
  });
  afterAll(async () => {
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  /** The app with Redis reached through a relay, used as `uses` says. */
  async function start(uses: (url: string) => Partial<BuildAppOptions>) {
    const relay = await startRelay(redisUrl!);
    const slot: (typeof opened)[number] = { database: await createTestDatabase('embedded'), relay };
    opened.push(slot);
    slot.app = await buildApp({ config, database: slot.database, ...uses(relay.url) });
    await slot.app.ready();
    return { app: slot.app, relay };
  }

  const ready = async (app: App) => {
    const res = await app.inject('/readyz');
    return { code: res.statusCode, body: res.json<Record<string, string>>() };
  };

  /** Up: 200 with both; Redis gone: 503 saying Redis, the database still ok. */
  async function upThenDown(app: App, relay: { close(): Promise<void> }) {
    expect(await ready(app)).toEqual({
      code: 200,
      body: { status: 'ok', database: 'ok', redis: 'ok' },
    });
    await relay.close();
    const down = await until(async () => {
      const answer = await ready(app);
      return answer.code === 503 && answer;
    }, 'o /readyz dizer que o Redis caiu');
    expect(down.body).toEqual({ status: 'unavailable', database: 'ok', redis: 'unavailable' });
  }

  it("follows the Redis of the processes (executions, bus): 200 up, 503 'redis: unavailable' down", async () => {
    const { app, relay } = await start((url) => ({
      cluster: { role: 'all', bus: createLocalBus(), leaseMs: 30_000, redis: { url, prefix } },
    }));
    await upThenDown(app, relay);
  });

  it("follows the internal queues' Redis: 200 up, 503 'redis: unavailable' down", async () => {
    const { app, relay } = await start((url) => ({
      queues: { driver: createRedisMessageDriver({ url, prefix }), sampleDepth: false },
    }));
    await upThenDown(app, relay);
  });

  it('does not start with a Redis that is not there at all (a closed port), saying why', async () => {
    const relay = await startRelay(redisUrl!);
    await relay.close();
    const database = await createTestDatabase('embedded');
    const slot: (typeof opened)[number] = { database };
    opened.push(slot);
    slot.app = await buildApp({
      config,
      database,
      cluster: {
        role: 'all',
        bus: createLocalBus(),
        leaseMs: 30_000,
        redis: { url: relay.url, prefix },
      },
    });
    // The executions go through this Redis: a process that cannot reach it refuses to start.
    await expect(slot.app.ready()).rejects.toThrow(messages.queues.redisUnreachable);
  }, 30_000);
});

describe('/readyz without Redis', () => {
  let database: DatabaseHandle | undefined;
  let app: App | undefined;
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('reports the database only', async () => {
    database = await createTestDatabase('embedded');
    app = await buildApp({ config, database });
    await app.ready();
    const res = await app.inject('/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });
});
