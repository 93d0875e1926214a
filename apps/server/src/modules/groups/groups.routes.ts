import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  groupBodySchema,
  groupListQuerySchema,
  groupListSchema,
  groupSchema,
} from '@ponte/shared/groups.schema';
import { sessionOf } from '../../plugins/auth';
import { bearerSecurity, errorResponses, idParamsSchema } from '../../lib/route-schemas';
import type { GroupsService } from './groups.service';

export interface GroupsRoutesOptions {
  service: GroupsService;
}

const tags = ['Grupos'];
const security = bearerSecurity;

/** Mounted at /api/v1 (authenticated scope). */
export const groupsRoutes: FastifyPluginAsyncZod<GroupsRoutesOptions> = async (
  app,
  { service },
) => {
  app.get(
    '/groups',
    {
      schema: {
        tags,
        security,
        summary: 'Lista os grupos (busca por parte do nome, ordem alfabética)',
        querystring: groupListQuerySchema,
        response: { 200: groupListSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      return service.list(session.workspaceId, { ...request.query, within: session.groupIds });
    },
  );

  app.post(
    '/groups',
    {
      schema: {
        tags,
        security,
        summary: 'Cria um grupo',
        body: groupBodySchema,
        response: { 201: groupSchema, ...errorResponses(400, 401, 413) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(sessionOf(request).workspaceId, request.body.name)),
  );

  app.get(
    '/groups/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Um grupo',
        params: idParamsSchema,
        response: { 200: groupSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => service.get(sessionOf(request).workspaceId, request.params.id),
  );

  app.put(
    '/groups/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Renomeia um grupo',
        params: idParamsSchema,
        body: groupBodySchema,
        response: { 200: groupSchema, ...errorResponses(400, 401, 404, 413) },
      },
    },
    async (request) =>
      service.update(sessionOf(request).workspaceId, request.params.id, request.body.name),
  );

  app.delete(
    '/groups/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Remove um grupo',
        params: idParamsSchema,
        response: { 204: z.null().describe('Removido'), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await service.remove(sessionOf(request).workspaceId, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
