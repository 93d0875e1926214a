import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiTokenBodySchema,
  apiTokenCreatedSchema,
  apiTokenListSchema,
} from '@ponte/shared/api-tokens.schema';
import { sessionOf } from '../../plugins/auth';
import { bearerSecurity, errorResponses, idParamsSchema } from '../../lib/route-schemas';
import type { ApiTokensService } from './api-tokens.service';

export interface ApiTokensRoutesOptions {
  service: ApiTokensService;
}

const tags = ['Tokens de API'];
const security = bearerSecurity;

/** Mounted at /api/v1 (authenticated scope). */
export const apiTokensRoutes: FastifyPluginAsyncZod<ApiTokensRoutesOptions> = async (
  app,
  { service },
) => {
  app.get(
    '/api-tokens',
    {
      schema: {
        tags,
        security,
        summary: 'Lista os tokens de API do workspace (nunca o token em si)',
        response: { 200: apiTokenListSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.list(sessionOf(request).workspaceId),
  );

  app.post(
    '/api-tokens',
    {
      schema: {
        tags,
        security,
        summary: 'Cria um token de API; a resposta traz o token, só desta vez',
        body: apiTokenBodySchema,
        response: { 201: apiTokenCreatedSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(sessionOf(request), request.body)),
  );

  app.delete(
    '/api-tokens/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Revoga um token de API: ele deixa de funcionar na hora',
        params: idParamsSchema,
        response: { 204: z.null().describe('Revogado'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.revoke(sessionOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
