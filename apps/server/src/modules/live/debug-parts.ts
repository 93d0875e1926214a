import type { FastifyBaseLogger } from 'fastify';
import { createDebugSession } from '@ponte/engine/debugger/debug-session';
import type { ClusterOptions } from '../../cluster/cluster';
import { createClusterDebugControl } from './debug-cluster-control';
import { localDebugControl, type DebugControl } from './debug-control';
import { createDebugLink } from './debug-link';
import { createDebugSessions, type DebugSessions } from './debug-sessions';
import { createDebugWorker, type DebugWorker } from './debug-worker';

/** The debugger's parts (docs/adr/0067). */
export interface DebugParts {
  /** This process's debug sessions. */
  sessions: DebugSessions;
  /**
   * The worker side every role has: the runner's debug hook; with Redis, sessions opened for
   * the flows in debug and their messages sent to the rooms.
   */
  worker: DebugWorker;
  /** The control the API uses (with Redis, across the processes). */
  control: DebugControl;
  /** Starts the worker side; `close` stops it. */
  start(): void | Promise<void>;
  close(): Promise<void>;
}

export function createDebugParts(cluster: ClusterOptions, log: FastifyBaseLogger): DebugParts {
  const sessions = createDebugSessions({ createSession: () => createDebugSession() });
  const onError = (error: unknown) => log.error({ err: error }, 'falha no debugger');
  const link = cluster.redis
    ? createDebugLink(cluster.redis.url, cluster.redis.prefix, onError)
    : null;
  const worker = createDebugWorker({ sessions, bus: cluster.bus, link, onError });
  const shared = link ? createClusterDebugControl({ link, bus: cluster.bus, onError }) : null;
  return {
    sessions,
    worker,
    control: shared ?? localDebugControl(sessions),
    start: () => worker.start(),
    async close() {
      shared?.close();
      await worker.close();
    },
  };
}
