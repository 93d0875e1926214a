import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { deleteRedisKeys, testRedisUrl } from '../../test/cluster-apps';
import { attachRedisAdapter } from './live-socket-cluster';

/**
 * Closing an API process's Redis adapter. The adapter answers another process's request (its
 * sockets, for a room's editors) on its publisher without a catch: a publisher closed while the
 * subscriber could still take a request left an answer on a closed connection, and the process
 * an unhandled 'Connection is closed'. So the subscriber goes first, the publisher after.
 */
describe.skipIf(!testRedisUrl)('the live socket Redis adapter closing', () => {
  const prefix = `ponte-test-${randomUUID()}`;
  afterAll(async () => {
    await deleteRedisKeys(prefix);
  });

  it('closes the publisher only once the subscriber has closed', async () => {
    const io = new Server();
    const adapter = attachRedisAdapter(io, { url: testRedisUrl!, prefix });
    const { pubClient, subClient } = io.of('/').adapter as unknown as {
      pubClient: Redis;
      subClient: Redis;
    };
    await Promise.all(
      [pubClient, subClient].map(
        (client) =>
          new Promise((resolve) =>
            client.status === 'ready' ? resolve(null) : client.once('ready', resolve),
          ),
      ),
    );
    const steps: string[] = [];
    for (const [name, client] of [
      ['publicador', pubClient],
      ['assinante', subClient],
    ] as const) {
      const quit = client.quit.bind(client);
      client.quit = (async () => {
        steps.push(`${name}: QUIT`);
        const answer = await quit();
        steps.push(`${name}: fechado`);
        return answer;
      }) as Redis['quit'];
    }
    await adapter.close();
    expect(steps).toEqual([
      'assinante: QUIT',
      'assinante: fechado',
      'publicador: QUIT',
      'publicador: fechado',
    ]);
  });
});
