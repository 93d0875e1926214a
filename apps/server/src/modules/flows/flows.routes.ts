import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  flowBodySchema,
  flowListQuerySchema,
  flowListSchema,
  flowSchema,
  flowUpdateSchema,
} from '@ponte/shared/flows.schema';
import type { FlowsService } from './flows.service';
import {
  createRoute,
  duplicateRoute,
  listRoute,
  readRoute,
  removeRoute,
  updateRoute,
} from '../../lib/named-resource/named-routes';

export interface FlowsRoutesOptions {
  service: FlowsService;
}

const tags = ['Flows'];

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

  updateRoute(app, '/flows/:id', {
    tags,
    summary: 'Atualiza um flow (apenas os campos enviados)',
    body: flowUpdateSchema,
    response: flowSchema,
    errors: [400, 401, 404, 413, 429],
    update: service.update,
  });

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
