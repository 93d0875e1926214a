import { clusterConfig } from './cluster.config';
import { checkRedisUrlAtStart } from '../lib/redis-connection';
import { defineModule, servesApi } from '../container/server-module';
import type { ClusterBus } from './cluster-bus';
import { restrictToWorkerPaths } from './worker-paths';

declare module '../container/provided' {
  interface Provided {
    /** The processes' bus (docs/adr/0066): started first, closed last. */
    bus: ClusterBus;
  }
}

/**
 * The processes of one Ponte (docs/adr/0063): the bus that tells every process what changed;
 * a worker answers only health, readiness and metrics over HTTP.
 */
export const clusterModule = defineModule({
  name: 'cluster',
  needs: ['cluster'],
  provides: ['bus'],
  config: [clusterConfig],
  tables: ['ponte_processes'],
  create: ({ cluster }) => ({ bus: cluster.bus }),
  routes: {
    // After the error handler and the security headers, as every other answer.
    root: async (app, { cluster }) => {
      if (!servesApi(cluster.role)) restrictToWorkerPaths(app);
    },
  },
  // The bus connects before any other background work starts, and closes after it stopped.
  async start({ cluster, bus }) {
    if (cluster.redis) await checkRedisUrlAtStart(cluster.redis.url);
    await bus.start();
  },
  stop: ({ bus }) => bus.close(),
});
