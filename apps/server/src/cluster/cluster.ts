import type { ProcessRole } from './cluster.config';
import { createLocalBus, type ClusterBus } from './cluster-bus';

/** How this process takes part in a Ponte of several processes (docs/adr/0063). */
export interface ClusterOptions {
  /** PONTE_ROLE: all (default), api or worker. */
  role: ProcessRole;
  /** Messages between the processes (local when alone). */
  bus: ClusterBus;
  /** PONTE_LEASE_SECONDS in ms: how long a silent process keeps its executions. */
  leaseMs: number;
  /**
   * Distributed mode (DATABASE_URL and REDIS_URL): executions go through BullMQ on this Redis,
   * under this key prefix. Null: one process, executions in the embedded queue.
   */
  redis: { url: string; prefix: string } | null;
}

/** One process doing everything, with nothing shared: the default of buildApp. */
export function singleProcess(leaseMs = 30_000): ClusterOptions {
  return { role: 'all', bus: createLocalBus(), leaseMs, redis: null };
}
