import { errorCodes } from '@ponte/shared/errors';
import { messages } from '@ponte/shared/messages';
import type { FastifyApp } from '../http/create-fastify';

/** Paths a worker answers over HTTP; everything else is 404. */
const workerPaths = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * A worker (PONTE_ROLE=worker) serves only health, readiness and metrics: any other path
 * answers the ordinary 404 JSON, before any route or body parsing runs.
 */
export function restrictToWorkerPaths(app: FastifyApp): void {
  app.addHook('onRequest', async (request, reply) => {
    if (workerPaths.has(request.url.split('?')[0]!)) return;
    return reply.code(404).send({
      statusCode: 404,
      code: errorCodes.notFound,
      message: messages.generic.routeNotFound,
    });
  });
}
