import type { Server } from 'socket.io';
import { liveRooms, liveServerEvents } from '@ponte/shared/live.schema';
import { createFlowStatusBatcher, followRunner } from './flow-status-batcher';
import { createWatchedFlowsKeeper } from './flow-status-cluster';
import type { EventEmitter } from 'node:events';
import type { ClusterBus } from '../../cluster/cluster-bus';

const flowStatusPrefix = liveRooms.flowStatus('');

/**
 * The live node status of the flows open in an editor (`flow-status-{flowId}`, docs/adr/0089).
 * In one process, from the runner's events straight to the room; with several, this process
 * only keeps its watched flows in Redis and the workers send (`flow-status-cluster.ts`).
 */
export function liveFlowStatus(
  io: Server,
  deps: {
    runnerEvents: EventEmitter;
    cluster?: { redis: { url: string; prefix: string }; bus: ClusterBus };
    throttleMs?: number;
  },
  fail: (error: unknown) => void,
) {
  if (deps.cluster) {
    const keeper = createWatchedFlowsKeeper({
      redis: deps.cluster.redis,
      bus: deps.cluster.bus,
      localFlows: () =>
        [...io.sockets.adapter.rooms.keys()]
          .filter((room) => room.startsWith(flowStatusPrefix))
          .map((room) => room.slice(flowStatusPrefix.length)),
      onError: fail,
    });
    return { joined: (flowId: string) => keeper.joined(flowId), close: () => keeper.close() };
  }
  const batcher = createFlowStatusBatcher({
    throttleMs: deps.throttleMs ?? 250,
    watched: (flowId) =>
      (io.sockets.adapter.rooms.get(liveRooms.flowStatus(flowId))?.size ?? 0) > 0,
    send: (flowId, event) =>
      io.to(liveRooms.flowStatus(flowId)).emit(liveServerEvents.flowStatus, event),
    onError: fail,
  });
  const off = followRunner(deps.runnerEvents, batcher);
  return {
    joined: () => undefined,
    close: async () => {
      off();
      batcher.close();
    },
  };
}
