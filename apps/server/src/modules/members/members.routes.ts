import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberListSchema, memberRoleBodySchema, memberSchema } from '@ponte/shared/members.schema';
import { sessionOf } from '../../plugins/auth';
import { bearerSecurity, errorResponses, idParamsSchema } from '../../lib/route-schemas';
import type { MembersService } from './members.service';

const tags = ['Membros'];

/** Mounted at /api/v1 (authenticated scope); who may call each is `members.access.ts`. */
export const membersRoutes: FastifyPluginAsyncZod<{ service: MembersService }> = async (
  app,
  { service },
) => {
  app.get(
    '/members',
    {
      schema: {
        tags,
        summary: 'Membros do workspace e seus papéis',
        security: bearerSecurity,
        response: { 200: memberListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => service.list(sessionOf(request)),
  );

  app.put(
    '/members/:id',
    {
      schema: {
        tags,
        summary: 'Muda o papel de um membro (vale a partir da próxima requisição dele)',
        security: bearerSecurity,
        params: idParamsSchema,
        body: memberRoleBodySchema,
        response: { 200: memberSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.setRole(
        sessionOf(request),
        request.params.id,
        request.body.role,
        request.body.groups,
      ),
  );

  app.delete(
    '/members/:id',
    {
      schema: {
        tags,
        summary: 'Remove um membro do workspace; as sessões dele aqui terminam na hora',
        security: bearerSecurity,
        params: idParamsSchema,
        response: { 204: z.null().describe('Removido'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.remove(sessionOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
