import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@ponte/shared/errors';
import {
  serviceAccountDeleteQuerySchema,
  serviceAccountInUseSchema,
  serviceAccountListQuerySchema,
  serviceAccountListSchema,
  serviceAccountSchema,
  serviceAccountTestResultSchema,
} from '@ponte/shared/service-accounts.schema';
import {
  serviceAccountCreateBodySchema,
  serviceAccountUpdateBodySchema,
} from '@ponte/shared/service-accounts-document';
import { sessionOf } from '../../plugins/auth';
import { bearerSecurity, errorResponses, idParamsSchema } from '../../lib/route-schemas';
import { inputOf, type ServiceAccountsService } from './service-accounts.service';

export interface ServiceAccountsRoutesOptions {
  service: ServiceAccountsService;
}

const tags = ['Contas de serviço'];
const security = bearerSecurity;

/** The 409 of a removal that flows would notice: `details.flows` names them. */
const inUseResponse = apiErrorSchema.extend({ details: serviceAccountInUseSchema });

/** Mounted at /api/v1 (authenticated scope). Secrets never appear in an answer. */
export const serviceAccountsRoutes: FastifyPluginAsyncZod<ServiceAccountsRoutesOptions> = async (
  app,
  { service },
) => {
  app.get(
    '/service-accounts',
    {
      schema: {
        tags,
        security,
        summary: 'Lista as contas de serviço do workspace por nome (`type` filtra por tipos)',
        querystring: serviceAccountListQuerySchema,
        response: { 200: serviceAccountListSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.list(sessionOf(request).workspaceId, request.query),
  );

  app.post(
    '/service-accounts',
    {
      schema: {
        tags,
        security,
        summary: 'Cria uma conta de serviço (um token da API é mostrado só nesta resposta)',
        body: serviceAccountCreateBodySchema,
        response: { 201: serviceAccountSchema, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.create(sessionOf(request).workspaceId, inputOf(request.body))),
  );

  app.get(
    '/service-accounts/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Uma conta de serviço (sem os segredos)',
        params: idParamsSchema,
        response: { 200: serviceAccountSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => service.get(sessionOf(request).workspaceId, request.params.id),
  );

  app.put(
    '/service-accounts/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Altera uma conta de serviço (um segredo omitido continua o guardado)',
        params: idParamsSchema,
        body: serviceAccountUpdateBodySchema,
        response: { 200: serviceAccountSchema, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request) =>
      service.update(sessionOf(request).workspaceId, request.params.id, inputOf(request.body)),
  );

  app.delete(
    '/service-accounts/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Remove uma conta de serviço (usada por flows: só com `confirm=true`)',
        params: idParamsSchema,
        querystring: serviceAccountDeleteQuerySchema,
        response: {
          204: z.null().describe('Removida'),
          409: inUseResponse,
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      await service.remove(
        sessionOf(request).workspaceId,
        request.params.id,
        request.query.confirm,
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/service-accounts/:id/test',
    {
      schema: {
        tags,
        security,
        summary: 'Testa a conexão da conta e guarda o resultado',
        params: idParamsSchema,
        response: { 200: serviceAccountTestResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.test(sessionOf(request).workspaceId, request.params.id),
  );
};
