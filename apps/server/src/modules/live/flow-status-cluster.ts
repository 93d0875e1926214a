import type { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import { liveRooms, liveServerEvents } from '@ponte/shared/live.schema';
import type { ClusterBus } from '../../cluster/cluster-bus';
import { createPeriodicTask } from '../../lib/periodic-task';
import { within } from '../../lib/within';
import { createRoomEmitter } from './debug-link';
import { createFlowStatusBatcher, followRunner } from './flow-status-batcher';

/**
 * The live node status across processes (docs/adr/0089): API processes hold the sockets of
 * `flow-status-{flowId}`, workers run the executions. The watched flows are a sorted set
 * `<prefix>:flow-status:watched` (flow → expiry on Redis's clock), refreshed by every API process
 * while one of its sockets is in the room; a join is also said on the bus, so a run started right
 * after opening the editor is seen from its first event.
 */
export const flowStatusKeys = (prefix: string) => ({ watched: `${prefix}:flow-status:watched` });

/** Bus channel, broadcast {flowId}: a socket joined the flow's room. */
export const flowStatusWatchedChannel = 'flow-status-watched';

/** How long a flow stays watched without a refresh, and how often API processes refresh. */
export const watchTtlMs = 15_000;
const refreshMs = 5_000;

/** ARGV: ttl ms, flow ids. Each flow's expiry is Redis's now + ttl (no clock skew between hosts). */
const markScript = `
local t = redis.call('time')
local expires = t[1] * 1000 + math.floor(t[2] / 1000) + tonumber(ARGV[1])
for i = 2, #ARGV do redis.call('zadd', KEYS[1], expires, ARGV[i]) end
return 0`;

/** The flows still watched (the expired ones are dropped). */
const readScript = `
local t = redis.call('time')
redis.call('zremrangebyscore', KEYS[1], '-inf', t[1] * 1000 + math.floor(t[2] / 1000))
return redis.call('zrange', KEYS[1], 0, -1)`;

interface RedisTarget {
  url: string;
  prefix: string;
}

async function quit(redis: Redis): Promise<void> {
  if (!(await within(redis.quit(), redis.status === 'ready' ? 2_000 : 0))) redis.disconnect();
}

/**
 * An API process's side: marks the flows whose room has a socket here, at each join and every
 * `refreshMs`. A join never waits for Redis (the mark is sent in the background).
 */
export function createWatchedFlowsKeeper(deps: {
  redis: RedisTarget;
  bus: ClusterBus;
  /** The flows whose `flow-status-{flowId}` room has a socket in this process. */
  localFlows(): string[];
  onError(error: unknown): void;
}) {
  // Background work: a connection that waits for Redis (the join itself never waits on it).
  const redis = new Redis(deps.redis.url, { maxRetriesPerRequest: null });
  redis.on('error', () => undefined);
  const key = flowStatusKeys(deps.redis.prefix).watched;
  const mark = async (flowIds: string[]) => {
    if (flowIds.length) await redis.eval(markScript, 1, key, watchTtlMs, ...flowIds);
  };
  const task = createPeriodicTask(() => mark(deps.localFlows()), {
    intervalMs: refreshMs,
    onError: deps.onError,
  });
  task.start();
  return {
    /** A socket of this process joined the flow's room. */
    joined(flowId: string): void {
      mark([flowId]).catch(deps.onError);
      deps.bus.publish(flowStatusWatchedChannel, { flowId }).catch(deps.onError);
    },
    async close(): Promise<void> {
      await task.stop();
      await quit(redis);
    },
  };
}

/**
 * A worker's side: follows the runner's events of the watched flows (read from Redis every
 * `readMs`, and heard on the bus) and sends their `flow-status` events to the rooms with the
 * Redis emitter, which every API process's adapter hands to its sockets.
 */
export function createFlowStatusWorker(deps: {
  redis: RedisTarget;
  bus: ClusterBus;
  runnerEvents: EventEmitter;
  onError(error: unknown): void;
  /** How often the watched flows are read (default 2 s). */
  readMs?: number;
  throttleMs?: number;
}) {
  const readMs = deps.readMs ?? 2_000;
  const redis = new Redis(deps.redis.url, { maxRetriesPerRequest: null });
  redis.on('error', () => undefined);
  const emitter = createRoomEmitter(redis, deps.redis.prefix, deps.onError);
  const key = flowStatusKeys(deps.redis.prefix).watched;
  let watched = new Set<string>();
  /** Joins heard on the bus, kept over a read that may have left before their mark. */
  const heard = new Map<string, number>();

  const batcher = createFlowStatusBatcher({
    throttleMs: deps.throttleMs ?? 250,
    watched: (flowId) => watched.has(flowId),
    send: (flowId, event) =>
      emitter.to(liveRooms.flowStatus(flowId)).emit(liveServerEvents.flowStatus, event),
    onError: deps.onError,
  });

  const read = async () => {
    const flows = new Set((await redis.eval(readScript, 1, key)) as string[]);
    const now = Date.now();
    for (const [flowId, at] of heard) {
      if (now - at < 2 * readMs) flows.add(flowId);
      else heard.delete(flowId);
    }
    watched = flows;
  };
  const task = createPeriodicTask(read, { intervalMs: readMs, onError: deps.onError });
  const offBus = deps.bus.subscribe(flowStatusWatchedChannel, (message) => {
    const { flowId } = message as { flowId?: unknown };
    if (typeof flowId !== 'string') return;
    heard.set(flowId, Date.now());
    watched.add(flowId);
  });
  const offRunner = followRunner(deps.runnerEvents, batcher);
  task.start();

  return {
    async close(): Promise<void> {
      offBus();
      offRunner();
      batcher.close();
      await task.stop();
      await quit(redis);
    },
  };
}
