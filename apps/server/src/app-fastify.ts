import Fastify, { type FastifyReply } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { errorCodes } from '@ponte/shared/errors';
import { messages } from '@ponte/shared/messages';
import type { BuildAppOptions } from './app';
import { bodyLimits } from './app-routes';
import type { TrustProxy } from './config/network.config';
import { installInputGuards } from './lib/input-guard';
import { RequestLogController } from './lib/request-log-controller';
import { withSafeErrors } from './lib/safe-error';
import { withRedaction } from './logger';
import type { Metrics } from './modules/metrics/metrics';
import metricsRoutes from './modules/metrics/metrics.routes';
import type { SecurityLog } from './modules/security-log/security-log.service';
import compression from './plugins/compression';
import errorsPlugin from './plugins/errors';
import openapiPlugin from './plugins/openapi';
import securityHeaders, { rawStrictHeaders } from './plugins/security-headers';

/** A hop count becomes "trust the first n hops", the form Fastify's types accept. */
function fastifyTrustProxy(trust: TrustProxy) {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

/**
 * Fastify with zod schemas, the error handler, security headers, compression, the API docs and
 * metrics.
 */
export async function createFastify(
  options: BuildAppOptions,
  metrics: Metrics | null,
  security: SecurityLog,
) {
  const app = Fastify({
    logger: withSafeErrors(withRedaction(options.logger ?? false)),
    bodyLimit: bodyLimits.global,
    forceCloseConnections: true,
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    logController: new RequestLogController(),
    // A malformed address (`%E0%A4%A`) is refused before any hook: the strict headers and an
    // ADR 0006 body here too, never Fastify's English message with the path in it.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const notFound = error.code === 'FST_ERR_BAD_URL';
      void reply
        .code(notFound ? 404 : 400)
        .headers(rawStrictHeaders)
        .send(
          notFound
            ? {
                statusCode: 404,
                code: errorCodes.notFound,
                message: messages.generic.routeNotFound,
              }
            : {
                statusCode: 400,
                code: errorCodes.validation,
                message: messages.generic.invalidBody,
              },
        );
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  installInputGuards(app);

  await app.register(errorsPlugin, {
    onResourceNotFound: (request, resource) => {
      const route = `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;
      void security.deniedIfForeign(request.auth!, resource, route);
    },
  });
  await app.register(securityHeaders);
  await app.register(compression);
  await app.register(openapiPlugin, { publicUrl: options.publicUrl ?? null });
  if (metrics) {
    const access = options.metrics ?? { open: false, token: null };
    await app.register(metricsRoutes, { metrics, access });
  }
  return app;
}

export type FastifyApp = Awaited<ReturnType<typeof createFastify>>;
