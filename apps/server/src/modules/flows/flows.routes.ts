import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  flowBodySchema,
  flowListQuerySchema,
  flowListSchema,
  flowSchema,
  flowUpdateSchema,
} from '@ponte/shared/flows.schema';
import { sessionOf } from '../../plugins/auth';
import { bearerSecurity, errorResponses, idParamsSchema } from '../../lib/route-schemas';
import type { FlowsService } from './flows.service';
import { duplicateRoute, removeRoute } from '../../lib/named-resource/named-routes';

export interface FlowsRoutesOptions {
  service: FlowsService;
}

const tags = ['Flows'];
const security = bearerSecurity;

/** Mounted at /api/v1 (authenticated scope). */
export const flowsRoutes: FastifyPluginAsyncZod<FlowsRoutesOptions> = async (app, { service }) => {
  app.get(
    '/flows',
    {
      schema: {
        tags,
        security,
        summary: 'Lista os flows (busca por nome, status, grupo; `fields=-data` omite o grafo)',
        querystring: flowListQuerySchema,
        response: { 200: flowListSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.list(sessionOf(request).workspaceId, request.query),
  );

  app.get(
    '/flows/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Um flow, com o grafo',
        params: idParamsSchema,
        response: { 200: flowSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => service.get(sessionOf(request).workspaceId, request.params.id),
  );

  app.post(
    '/flows',
    {
      schema: {
        tags,
        security,
        summary: 'Cria um flow',
        body: flowBodySchema,
        response: { 201: flowSchema, ...errorResponses(400, 401, 413, 429) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(sessionOf(request).workspaceId, request.body)),
  );

  app.put(
    '/flows/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Atualiza um flow (apenas os campos enviados)',
        params: idParamsSchema,
        body: flowUpdateSchema,
        response: { 200: flowSchema, ...errorResponses(400, 401, 404, 413, 429) },
      },
    },
    async (request) =>
      service.update(sessionOf(request).workspaceId, request.params.id, request.body),
  );

  duplicateRoute(app, '/flows/duplicate/:id', {
    tags,
    summary: 'Duplica um flow (a cópia é criada desativada)',
    response: flowSchema,
    duplicate: service.duplicate,
  });

  removeRoute(app, '/flows/:id', {
    tags,
    summary: 'Remove um flow',
    removed: 'Removido',
    remove: service.remove,
  });
};
