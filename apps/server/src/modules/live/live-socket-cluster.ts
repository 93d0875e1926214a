import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { Server } from 'socket.io';
import { within } from '../../lib/within';
import { socketKey } from './debug-link';

/** How long closing waits for a Redis that is up to answer QUIT. */
const quitWaitMs = 2_000;

/**
 * Closes one connection: QUIT when Redis is up, bounded; a connection that is down (Redis went
 * away, it keeps reconnecting) is dropped at once, since its QUIT would wait in the offline
 * queue for a Redis that may never come back, and the process would never close.
 */
async function closeConnection(client: Redis): Promise<void> {
  const up = client.status === 'ready';
  if (!up || !(await within(client.quit(), quitWaitMs))) client.disconnect();
}

/**
 * The socket.io Redis adapter on the live socket of an API process among several
 * (docs/adr/0067): rooms span every API process, messages of the workers' emitters reach the
 * sockets here, and `fetchSockets` counts a room's sockets on every process.
 */
export function attachRedisAdapter(io: Server, redis: { url: string; prefix: string }) {
  const pub = new Redis(redis.url, { maxRetriesPerRequest: null });
  const sub = pub.duplicate();
  for (const client of [pub, sub]) client.on('error', () => undefined);
  io.adapter(createAdapter(pub, sub, { key: socketKey(redis.prefix) }));
  return {
    /** Sockets of the room on every API process. */
    async roomSize(room: string): Promise<number> {
      return (await io.in(room).fetchSockets()).length;
    },
    /**
     * The subscriber first: a request another process sent before it closed is answered by the
     * adapter on `pub` without a catch, so `pub` closes only once those answers are written
     * (a turn of the event loop after the subscriber's QUIT), never with one in flight.
     */
    async close(): Promise<void> {
      await closeConnection(sub);
      await new Promise((resolve) => setImmediate(resolve));
      await closeConnection(pub);
    },
  };
}
