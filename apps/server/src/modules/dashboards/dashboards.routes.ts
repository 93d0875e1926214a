import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dashboardBodySchema,
  dashboardListQuerySchema,
  dashboardListSchema,
  dashboardSchema,
  dashboardUpdateSchema,
} from '@ponte/shared/dashboards.schema';
import { versionRoutes } from '../versions/version-routes';
import { stampOf, type VersionsService } from '../versions/versions.service';
import type { DashboardsService } from './dashboards.service';
import * as routes from '../../lib/named-resource/named-routes';

export interface DashboardsRoutesOptions {
  service: DashboardsService;
  versions: VersionsService;
}

/** A save's body: 50 widgets of 20 000 characters of HTML each, escaped, fit; beyond, 413. */
export const dashboardBodyLimit = 4 * 1024 * 1024;

const tags = ['Dashboards'];

/** Spec 2 §7 'Dashboards'; mounted at /api/v1 (authenticated scope). */
export const dashboardsRoutes: FastifyPluginAsyncZod<DashboardsRoutesOptions> = async (
  app,
  { service, versions },
) => {
  routes.listRoute(app, '/dashboards', {
    tags,
    summary: 'Lista os dashboards (busca por nome, filtro por grupo; até 1000)',
    querystring: dashboardListQuerySchema,
    response: dashboardListSchema,
    list: service.list,
  });

  routes.createRoute(app, '/dashboards', {
    tags,
    summary: 'Cria um dashboard (o conteúdo dos widgets é esvaziado, o HTML sanitizado)',
    body: dashboardBodySchema,
    response: dashboardSchema,
    errors: [400, 401, 413],
    bodyLimit: dashboardBodyLimit,
    create: (workspaceId, body, request) => service.create(workspaceId, body, stampOf(request)),
  });

  routes.duplicateRoute(app, '/dashboards/duplicate/:id', {
    tags,
    summary: 'Duplica um dashboard (a cópia recebe " (cópia)" no nome)',
    response: dashboardSchema,
    duplicate: (workspaceId, id, request) => service.duplicate(workspaceId, id, stampOf(request)),
  });

  routes.readRoute(app, '/dashboards/:id', {
    tags,
    summary: 'Um dashboard com os seus widgets',
    response: dashboardSchema,
    read: service.get,
  });

  routes.updateRoute(app, '/dashboards/:id', {
    tags,
    summary: 'Altera um dashboard',
    body: dashboardUpdateSchema,
    response: dashboardSchema,
    errors: [400, 401, 404, 409, 413],
    bodyLimit: dashboardBodyLimit,
    update: (workspaceId, id, body, request) =>
      service.update(workspaceId, id, body, stampOf(request, body)),
  });

  versionRoutes(app, {
    kind: 'dashboard',
    path: '/dashboards/:id',
    tags,
    response: dashboardSchema,
    versions,
    state: service.versionState,
    // 'Restaurar': the version's document saved with every rule of a save, as a new version.
    restore: async (workspaceId, id, document, stamp) =>
      service.update(workspaceId, id, await service.restoreBody(workspaceId, document), stamp),
  });

  routes.removeRoute(app, '/dashboards/:id', {
    tags,
    summary: 'Remove um dashboard',
    removed: 'Removido',
    remove: service.remove,
  });
};
