import Fastify, { type FastifyReply, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { errorCodes } from '@ponte/shared/errors';
import { messages } from '@ponte/shared/messages';
import type { TrustProxy } from '../config/network.config';
import { installInputGuards } from '../lib/input-guard';
import { RequestLogController } from '../lib/request-log-controller';
import { withSafeErrors } from '../lib/safe-error';
import { withRedaction } from '../logger';
import { rawStrictHeaders } from '../plugins/security-headers';

/** Request bodies: 10 MB everywhere, 64 KB on the account routes. */
export const bodyLimits = { global: 10 * 1024 * 1024, account: 64 * 1024 } as const;

/** A hop count becomes "trust the first n hops", the form Fastify's types accept. */
function fastifyTrustProxy(trust: TrustProxy) {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

export interface HttpServerOptions {
  logger?: FastifyServerOptions['logger'];
  /** PONTE_TRUST_PROXY: the reverse proxies whose X-Forwarded-* headers are believed. */
  trustProxy?: TrustProxy;
}

/**
 * Fastify with zod schemas, its logger and the input guards; the plugins that need modules
 * (errors, security headers, compression, API docs) are the http module's.
 */
export function createFastify(options: HttpServerOptions) {
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
  return app;
}

export type FastifyApp = ReturnType<typeof createFastify>;
