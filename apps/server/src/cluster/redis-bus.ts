import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { requestConnection } from '../lib/redis-connection';
import { createHandlers, type ClusterBus } from './cluster-bus';

interface Envelope {
  from: string;
  channel: string;
  message: unknown;
}

export interface RedisBusOptions {
  url: string;
  /** PONTE_REDIS_PREFIX: the bus's Redis channels are `<prefix>:bus` and `<prefix>:bus:<id>`. */
  prefix: string;
  processId?: string;
  onError?: (error: unknown, channel: string) => void;
}

/**
 * The bus over Redis pub/sub (docs/adr/0063): one connection publishes, one listens to the
 * broadcast channel and to this process's own. A message this process published is handled
 * here at once and skipped when Redis echoes it. Pub/sub delivers at most once: whatever must
 * not be missed is also reconciled from the database by its owner.
 */
export function createRedisBus(options: RedisBusOptions): ClusterBus {
  const processId = options.processId ?? randomUUID();
  const onError = options.onError ?? (() => undefined);
  const handlers = createHandlers(onError);
  const broadcast = `${options.prefix}:bus`;
  const direct = (id: string) => `${options.prefix}:bus:${id}`;
  // Publishing never waits for a Redis that is away (a save answers at once, the periodic
  // reconciliation catches up, docs/adr/0066 and 0072); the subscriber reconnects and
  // subscribes again by itself.
  const publisher = requestConnection(options.url);
  const subscriber = new Redis(options.url, { lazyConnect: true, maxRetriesPerRequest: null });
  subscriber.on('error', () => undefined);
  let closed = false;

  subscriber.on('message', (redisChannel: string, text: string) => {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch (error) {
      return onError(error, redisChannel);
    }
    if (redisChannel === broadcast && envelope.from === processId) return;
    void handlers.dispatch(envelope.channel, envelope.message, envelope.from);
  });

  const post = async (redisChannel: string, channel: string, message: unknown) => {
    if (closed) return;
    const envelope: Envelope = { from: processId, channel, message };
    await publisher.publish(redisChannel, JSON.stringify(envelope));
  };

  return {
    processId,
    async publish(channel, message) {
      await handlers.dispatch(channel, message, processId);
      await post(broadcast, channel, message).catch((error: unknown) => onError(error, channel));
    },
    async send(target, channel, message) {
      if (target === processId) return handlers.dispatch(channel, message, processId);
      await post(direct(target), channel, message);
    },
    subscribe: handlers.subscribe,
    async start() {
      await Promise.all([publisher.connect(), subscriber.connect()]);
      await subscriber.subscribe(broadcast, direct(processId));
    },
    async close() {
      closed = true;
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
