import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  flowBodySchema,
  flowListQuerySchema,
  flowListSchema,
  flowSchema,
  flowUpdateSchema,
  type FlowUpdate,
} from '@ponte/shared/flows.schema';
import { versionRoutes } from '../versions/version-routes';
import { stampOf } from '../versions/versions.service';
import type { VersionsService } from '../versions/versions.service';
import type { FlowsService, SaveContext } from './flows.service';
import * as routes from '../../lib/named-resource/named-routes';

export interface FlowsRoutesOptions {
  service: FlowsService;
  versions: VersionsService;
  /** The public address of the installation for a request (service triggers' addresses). */
  publicUrl: (request: FastifyRequest) => string;
}

const tags = ['Flows'];

/** Mounted at /api/v1 (authenticated scope). */
export const flowsRoutes: FastifyPluginAsyncZod<FlowsRoutesOptions> = async (
  app,
  { service, versions, publicUrl },
) => {
  const saving = (request: FastifyRequest, body?: FlowUpdate): SaveContext => ({
    publicBase: publicUrl(request),
    stamp: stampOf(request, body),
  });
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
    errors: [400, 401, 404, 409, 413, 429],
    update: (workspaceId, id, body, request) =>
      service.update(workspaceId, id, body, saving(request, body)),
  });

  routes.duplicateRoute(app, '/flows/duplicate/:id', {
    tags,
    summary: 'Duplica um flow (a cópia é criada desativada)',
    response: flowSchema,
    duplicate: (workspaceId, id, request) => service.duplicate(workspaceId, id, stampOf(request)),
  });

  versionRoutes(app, {
    kind: 'flow',
    path: '/flows/:id',
    tags,
    response: flowSchema,
    versions,
    state: service.versionState,
    // 'Restaurar': the version's document saved with every rule of a save, as a new version.
    restore: async (workspaceId, id, document, stamp, request) =>
      service.update(workspaceId, id, await service.restoreBody(workspaceId, document), {
        publicBase: publicUrl(request),
        stamp,
      }),
  });

  routes.removeRoute(app, '/flows/:id', {
    tags,
    summary: 'Remove um flow',
    removed: 'Removido',
    remove: (workspaceId, id, request) => service.remove(workspaceId, id, saving(request)),
  });
};
