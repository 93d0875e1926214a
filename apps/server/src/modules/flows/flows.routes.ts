import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  flowBodySchema,
  flowListQuerySchema,
  flowListSchema,
  flowSchema,
  flowUpdateSchema,
} from '@ponte/shared/flows.schema';
import type { FlowsService } from './flows.service';
import * as routes from '../../lib/named-resource/named-routes';

export interface FlowsRoutesOptions {
  service: FlowsService;
  /** The public address of the installation for a request (service triggers' addresses). */
  publicUrl: (request: FastifyRequest) => string;
}

const tags = ['Flows'];

/** Mounted at /api/v1 (authenticated scope). */
export const flowsRoutes: FastifyPluginAsyncZod<FlowsRoutesOptions> = async (
  app,
  { service, publicUrl },
) => {
  const saving = (request: FastifyRequest) => ({ publicBase: publicUrl(request) });
  routes.listRoute(app, '/flows', {
    tags,
    summary: 'Lista os flows (busca por nome, status, grupo; `fields=-data` omite o grafo)',
    querystring: flowListQuerySchema,
    response: flowListSchema,
    list: service.list,
  });

  routes.readRoute(app, '/flows/:id', {
    tags,
    summary: 'Um flow, com o grafo',
    response: flowSchema,
    read: service.get,
  });

  routes.createRoute(app, '/flows', {
    tags,
    summary: 'Cria um flow',
    body: flowBodySchema,
    response: flowSchema,
    errors: [400, 401, 413, 429],
    create: (workspaceId, body, request) => service.create(workspaceId, body, saving(request)),
  });

  routes.updateRoute(app, '/flows/:id', {
    tags,
    summary: 'Atualiza um flow (apenas os campos enviados)',
    body: flowUpdateSchema,
    response: flowSchema,
    errors: [400, 401, 404, 413, 429],
    update: (workspaceId, id, body, request) =>
      service.update(workspaceId, id, body, saving(request)),
  });

  routes.duplicateRoute(app, '/flows/duplicate/:id', {
    tags,
    summary: 'Duplica um flow (a cópia é criada desativada)',
    response: flowSchema,
    duplicate: service.duplicate,
  });

  routes.removeRoute(app, '/flows/:id', {
    tags,
    summary: 'Remove um flow',
    removed: 'Removido',
    remove: (workspaceId, id, request) => service.remove(workspaceId, id, saving(request)),
  });
};
