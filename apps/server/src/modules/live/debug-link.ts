import { Emitter } from '@socket.io/redis-emitter';
import { Redis } from 'ioredis';
import { liveRooms, type DebuggerMessage } from '@ponte/shared/live.schema';
import { debugKeys, type DebugKeys } from './debug-cluster-keys';
import { maskedDebuggerRoom } from './debugger-rooms';
import { within } from '../../lib/within';

/** The socket.io Redis adapter's key: every API process and every emitter use the same. */
export const socketKey = (prefix: string) => `${prefix}:socket.io`;

/**
 * A socket.io emitter over `redis` whose publishes never reject unhandled: the emitter drops the
 * promise of each PUBLISH, so one sent while the connection closes (shutdown, Redis gone) would
 * otherwise end the process. The failure goes to `onError`.
 */
export function createRoomEmitter(redis: Redis, prefix: string, onError: (error: unknown) => void) {
  const client = {
    publish: (channel: string, payload: Buffer) => redis.publish(channel, payload).catch(onError),
  };
  return new Emitter(client, { key: socketKey(prefix) });
}

/** A debugger message as published to the room's Redis channel: the channel and the payload. */
export type EncodedMessage = [channel: string, payload: Buffer];

/**
 * A process's line to the debugger of several processes (docs/adr/0067): one Redis connection
 * for the debugger's keys and for its messages to the `debugger-{flowId}` rooms, which the
 * socket.io Redis adapter of every API process hands to its own sockets (exactly once each).
 * Commands and messages leave in order on the one connection.
 */
export function createDebugLink(
  redisUrl: string,
  prefix: string,
  onError: (error: unknown) => void,
) {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
  redis.on('error', () => undefined);
  const emitter = createRoomEmitter(redis, prefix, onError);
  let encoded: EncodedMessage | null = null;
  // The same emitter over a client that only records: a payload to publish from a script.
  const recorder = new Emitter(
    { publish: (channel: string, payload: Buffer) => (encoded = [channel, payload]) },
    { key: socketKey(prefix) },
  );
  const keys: DebugKeys = debugKeys(prefix);
  return {
    redis,
    keys,
    /**
     * Sends the message to the flow's debugger room on every API process; `masked` (the flow
     * masks personal data, docs/adr/0122) goes instead to the sockets that see it masked.
     */
    say(flowId: string, message: DebuggerMessage, masked?: DebuggerMessage): void {
      const room = liveRooms.debugger(flowId);
      if (!masked) return void emitter.to(room).to(maskedDebuggerRoom(flowId)).emit(room, message);
      emitter.to(room).emit(room, message);
      emitter.to(maskedDebuggerRoom(flowId)).emit(room, masked);
    },
    /** The channel and payload `say` would publish of a message with no personal data. */
    encode(flowId: string, message: DebuggerMessage): EncodedMessage {
      const room = liveRooms.debugger(flowId);
      recorder.to(room).to(maskedDebuggerRoom(flowId)).emit(room, message);
      const result = encoded!;
      encoded = null;
      return result;
    },
    async close(): Promise<void> {
      // QUIT waits for Redis: one that went away gets its connection dropped instead.
      if (!(await within(redis.quit(), redis.status === 'ready' ? 2_000 : 0))) redis.disconnect();
    },
  };
}

export type DebugLink = ReturnType<typeof createDebugLink>;
