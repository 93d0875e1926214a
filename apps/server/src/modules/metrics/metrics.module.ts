import { metricsConfig } from './metrics.config';
import type { MetricsAccess } from './metrics.config';
import { defineModule } from '../../container/server-module';
import { createMetrics, type Metrics } from './metrics';
import metricsRoutes from './metrics.routes';

declare module '../../container/provided' {
  interface Provided {
    /** The counters of /metrics; null when nobody may read them. */
    metrics: Metrics | null;
  }
}

export interface MetricsOptions {
  /** PONTE_METRICS / PONTE_METRICS_TOKEN: who may read GET /metrics (default: nobody). */
  metrics?: MetricsAccess;
}

/** GET /metrics in Prometheus' format (docs/adr/0062), on every process when it is open. */
export const metricsModule = defineModule({
  name: 'metrics',
  needs: ['cluster'],
  provides: ['metrics'],
  config: [metricsConfig],
  create({ cluster }, options: MetricsOptions) {
    const access = options.metrics ?? { open: false, token: null };
    const identity = { role: cluster.role, processId: cluster.bus.processId };
    return { metrics: access.open || access.token ? createMetrics(identity) : null };
  },
  routes: {
    root: async (app, { metrics }, options) => {
      if (!metrics) return;
      await app.register(metricsRoutes, {
        metrics,
        access: options.metrics ?? { open: false, token: null },
      });
    },
  },
});
