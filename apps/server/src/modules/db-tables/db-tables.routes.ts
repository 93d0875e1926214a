import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  fieldValuesCountSchema,
  tableBodySchema,
  tableDuplicateBodySchema,
  tableListQuerySchema,
  tableListSchema,
  tableSchema,
  tableUpdateBodySchema,
} from '@ponte/shared/db-tables.schema';
import { limits } from '@ponte/shared/limits';
import { text } from '@ponte/shared/text';
import { sessionOf } from '../../plugins/auth';
import { bearerSecurity, errorResponses, idParamsSchema, idSchema } from '../../lib/route-schemas';
import { versionRoutes } from '../versions/version-routes';
import { stampOf, type VersionsService } from '../versions/versions.service';
import type { DbTablesService } from './db-tables.service';
import * as routes from '../../lib/named-resource/named-routes';

export interface DbTablesRoutesOptions {
  service: DbTablesService;
}

export interface DbTablesStructureOptions extends DbTablesRoutesOptions {
  versions: VersionsService;
}

const tags = ['Tabelas'];
const fieldParamsSchema = z.object({
  id: idSchema,
  name: text().min(1).max(limits.tableFieldNameMax),
});
const security = bearerSecurity;

/** What the structure editor asks about one field before it changes it. */
const fieldRoutes: FastifyPluginAsyncZod<DbTablesRoutesOptions> = async (app, { service }) => {
  app.get(
    '/db/tables/:id/fields/:name/values-count',
    {
      schema: {
        tags,
        security,
        summary: 'Quantos registros têm um valor no campo (antes de removê-lo)',
        params: fieldParamsSchema,
        response: { 200: fieldValuesCountSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      count: await service.countFieldValues(
        sessionOf(request).workspaceId,
        request.params.id,
        request.params.name,
      ),
    }),
  );
};

/** Mounted at /api/v1 (authenticated scope). */
export const dbTablesRoutes: FastifyPluginAsyncZod<DbTablesStructureOptions> = async (
  app,
  { service, versions },
) => {
  routes.listRoute(app, '/db/tables', {
    tags,
    summary: 'Lista as tabelas do workspace (busca por nome, filtro por grupo; até 1000)',
    querystring: tableListQuerySchema,
    response: tableListSchema,
    list: service.list,
  });

  routes.createRoute(app, '/db/tables', {
    tags,
    summary: 'Cria uma tabela',
    body: tableBodySchema,
    response: tableSchema,
    errors: [400, 401, 413],
    create: (workspaceId, body, request) => service.create(workspaceId, body, stampOf(request)),
  });

  routes.readRoute(app, '/db/tables/:id', {
    tags,
    summary: 'Uma tabela e sua estrutura',
    response: tableSchema,
    read: service.get,
  });

  routes.updateRoute(app, '/db/tables/:id', {
    tags,
    summary: 'Altera uma tabela (os registros acompanham; 409 se apagaria valores)',
    body: tableUpdateBodySchema,
    response: tableSchema,
    errors: [400, 401, 404, 409, 413],
    update: (workspaceId, id, body, request) =>
      service.update(workspaceId, id, body, stampOf(request, body)),
  });

  versionRoutes(app, {
    kind: 'db_table',
    path: '/db/tables/:id',
    tags,
    response: tableSchema,
    versions,
    state: service.versionState,
    // 'Restaurar': the version's structure saved as a manual structure edit (docs/adr/0103).
    restore: async (workspaceId, id, document, stamp) =>
      service.update(workspaceId, id, await service.restoreBody(workspaceId, document), stamp),
  });

  routes.removeRoute(app, '/db/tables/:id', {
    tags,
    summary: 'Remove uma tabela e seus registros',
    removed: 'Removida',
    remove: service.remove,
  });

  app.post(
    '/db/tables/:id/duplicate',
    {
      schema: {
        tags,
        security,
        summary: 'Duplica a estrutura de uma tabela com outro nome',
        params: idParamsSchema,
        body: tableDuplicateBodySchema,
        response: { 201: tableSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await service.duplicate(
            sessionOf(request).workspaceId,
            request.params.id,
            request.body.name,
            stampOf(request),
          ),
        ),
  );

  await app.register(fieldRoutes, { service });
};
