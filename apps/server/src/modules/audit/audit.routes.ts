import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditListSchema, auditQuerySchema } from '@ponte/shared/audit.schema';
import { csvFilename } from '../../lib/csv-format';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas';
import { sessionOf } from '../../plugins/auth';
import type { Audit } from './audit.service';

export interface AuditRoutesOptions {
  service: Audit;
  now: () => Date;
}

/** Mounted at /api/v1: the audit log of the current workspace (needs 'audit.read'). */
export const auditRoutes: FastifyPluginAsyncZod<AuditRoutesOptions> = async (
  app,
  { service, now },
) => {
  app.get(
    '/audit',
    {
      schema: {
        tags: ['Auditoria'],
        summary:
          'Registro de auditoria do workspace atual, mais novo primeiro: alterações (quem, quando, de onde, o quê) e eventos de segurança',
        security: bearerSecurity,
        querystring: auditQuerySchema,
        response: { 200: auditListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => service.list(sessionOf(request), request.query),
  );

  app.get(
    '/audit/export',
    {
      schema: {
        tags: ['Auditoria'],
        summary:
          'O registro de auditoria filtrado em CSV para o Excel em português (separador ";", data dd/MM/aaaa HH:mm:ss)',
        security: bearerSecurity,
        querystring: auditQuerySchema,
        response: {
          200: z.string().describe('text/csv'),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request, reply) => {
      const filename = csvFilename('auditoria', now());
      // A stream is piped as is, past the JSON serializer the typed reply stands for.
      const raw: FastifyReply = reply;
      return raw
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(service.csv(sessionOf(request), request.query));
    },
  );
};
