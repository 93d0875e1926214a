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
import {
  duplicateRoute,
  listRoute,
  readRoute,
  removeRoute,
} from '../../lib/named-resource/named-routes';
import { createRoute } from '../../lib/named-resource/named-routes';

export interface FlowsRoutesOptions {
  service: FlowsService;
}

const tags = ['Flows'];
const security = bearerSecurity;

/** Mounted at /api/v1 (authenticated scope). */
export const flowsRoutes: FastifyPluginAsyncZod<FlowsRoutesOptions> = async (app, { service }) => {
  listRoute(app, '/flows', {
    tags,
    summary: 'Lista os flows (busca por nome, status, grupo; `fields=-data` omite o grafo)',
    querystring: flowListQuerySchema,
    response: flowListSchema,
    list: service.list,
  });

  readRoute(app, '/flows/:id', {
    tags,
    summary: 'Um flow, com o grafo',
    response: flowSchema,
    read: service.get,
  });

  createRoute(app, '/flows', {
    tags,
    summary: 'Cria um flow',
    body: flowBodySchema,
    response: flowSchema,
    errors: [400, 401, 413, 429],
    create: service.create,
  });

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
