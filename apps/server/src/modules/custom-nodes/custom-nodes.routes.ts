import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customNodeBodySchema,
  customNodeListQuerySchema,
  customNodeListSchema,
  customNodeSchema,
  customNodeUpdateBodySchema,
} from '@ponte/shared/custom-nodes.schema';
import { errorCodes } from '@ponte/shared/errors';
import { messages } from '@ponte/shared/messages';
import { AppError } from '../../lib/app-error';
import { versionRoutes } from '../versions/version-routes';
import { stampOf, type VersionsService } from '../versions/versions.service';
import type { CustomNodesService } from './custom-nodes.service';
import * as routes from '../../lib/named-resource/named-routes';

export interface CustomNodesRoutesOptions {
  service: CustomNodesService;
  versions: VersionsService;
}

/**
 * A save's body: room for the largest image (100 000 characters) and handler (200 000
 * characters, even when every one travels escaped) with their params; beyond it, 413 with the
 * connector's own pt-BR text.
 */
export const customNodeBodyLimit = 4 * 1024 * 1024;

const tags = ['Conectores personalizados'];

/** Spec 2 §7 'Custom connectors'; mounted at /api/v1 (authenticated scope). */
export const customNodesRoutes: FastifyPluginAsyncZod<CustomNodesRoutesOptions> = async (
  app,
  { service, versions },
) => {
  // A body past the limit gets the connector's text; everything else goes to the app's handler.
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      throw new AppError(413, errorCodes.payloadTooLarge, messages.customNodes.tooLarge);
    throw error;
  });

  routes.listRoute(app, '/custom-nodes', {
    tags,
    summary: 'Lista os conectores personalizados (busca por nome, filtro por grupo; até 1000)',
    querystring: customNodeListQuerySchema,
    response: customNodeListSchema,
    list: service.list,
  });

  routes.createRoute(app, '/custom-nodes', {
    tags,
    summary: 'Cria um conector personalizado (versão 1)',
    body: customNodeBodySchema,
    response: customNodeSchema,
    errors: [400, 401, 413],
    bodyLimit: customNodeBodyLimit,
    create: (workspaceId, body, request) => service.create(workspaceId, body, stampOf(request)),
  });

  routes.duplicateRoute(app, '/custom-nodes/duplicate/:id', {
    tags,
    summary: 'Duplica um conector personalizado (a cópia é criada desabilitada, na versão 1)',
    response: customNodeSchema,
    duplicate: (workspaceId, id, request) => service.duplicate(workspaceId, id, stampOf(request)),
  });

  routes.readRoute(app, '/custom-nodes/:id', {
    tags,
    summary: 'Um conector personalizado, com o seu handler e a versão atual',
    response: customNodeSchema,
    read: service.get,
  });

  routes.updateRoute(app, '/custom-nodes/:id', {
    tags,
    summary:
      'Altera um conector personalizado (parâmetros ou handler diferentes criam uma nova versão do código; `revision` ou `If-Match` recusam com 409 uma alteração feita sobre outra versão)',
    body: customNodeUpdateBodySchema,
    response: customNodeSchema,
    errors: [400, 401, 404, 409, 413],
    bodyLimit: customNodeBodyLimit,
    update: (workspaceId, id, body, request) =>
      service.update(
        workspaceId,
        id,
        body,
        stampOf(request, { version: body.revision, version_message: body.version_message }),
      ),
  });

  routes.removeRoute(app, '/custom-nodes/:id', {
    tags,
    summary: 'Remove um conector personalizado (os flows que o usam passam a acusá-lo)',
    removed: 'Removido',
    remove: service.remove,
  });

  versionRoutes(app, {
    kind: 'custom_node',
    path: '/custom-nodes/:id',
    tags,
    response: customNodeSchema,
    versions,
    state: service.versionState,
    // 'Restaurar': the version's fields saved as the connector's update, as a new version.
    restore: async (workspaceId, id, document, stamp) =>
      service.update(workspaceId, id, await service.restoreBody(workspaceId, document), stamp),
  });
};
