import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { securityLogQuerySchema, securityLogSchema } from '@ponte/shared/security-log.schema';
import { sessionOf } from '../../plugins/auth';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas';
import type { SecurityLog } from './security-log.service';

export interface SecurityLogRoutesOptions {
  service: SecurityLog;
}

/** Mounted at /account/v1: the owner reads the security log of the current workspace. */
export const securityLogRoutes: FastifyPluginAsyncZod<SecurityLogRoutesOptions> = async (
  app,
  { service },
) => {
  app.get(
    '/security-log',
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['Conta'],
        summary:
          'Registro de segurança do workspace atual, mais novo primeiro (apenas o proprietário)',
        security: bearerSecurity,
        querystring: securityLogQuerySchema,
        response: { 200: securityLogSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => service.list(sessionOf(request), request.query),
  );
};
