import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { MetricsAccess } from './metrics.config';
import { unauthorized } from '../../lib/app-error';
import type { Metrics } from './metrics';

export interface MetricsRoutesOptions {
  metrics: Metrics;
  access: MetricsAccess;
}

const bearer = /^Bearer +(\S+)\s*$/i;

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Counts every answered request by route pattern and serves GET /metrics (Prometheus text),
 * open or behind a bearer token. Without either, the route does not exist (404).
 */
function metricsRoutes(app: FastifyInstance, { metrics, access }: MetricsRoutesOptions) {
  app.addHook('onResponse', async (request, reply) => {
    metrics.countRequest(request.routeOptions.url ?? 'not_found', request.method, reply.statusCode);
  });

  if (!access.open && !access.token) return;
  const token = access.token;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (token) {
      const match = bearer.exec(request.headers.authorization ?? '');
      if (!match?.[1] || !sameToken(match[1], token)) throw unauthorized();
    }
    return reply.type(metrics.contentType).send(await metrics.render());
  });
}

export default fp(
  async (app: FastifyInstance, options: MetricsRoutesOptions) => metricsRoutes(app, options),
  { name: 'metrics' },
);
