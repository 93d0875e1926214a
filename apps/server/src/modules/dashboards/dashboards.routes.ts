import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dashboardBodySchema,
  dashboardListQuerySchema,
  dashboardListSchema,
  dashboardSchema,
} from '@ponte/shared/dashboards.schema';
import { bearerSecurity, errorResponses, idParamsSchema } from '../../lib/route-schemas';
import { sessionOf } from '../../plugins/auth';
import type { DashboardsService } from './dashboards.service';

export interface DashboardsRoutesOptions {
  service: DashboardsService;
}

/** A save's body: 50 widgets of 20 000 characters of HTML each, escaped, fit; beyond, 413. */
export const dashboardBodyLimit = 4 * 1024 * 1024;

const tags = ['Dashboards'];
const security = bearerSecurity;

/** Spec 2 §7 'Dashboards'; mounted at /api/v1 (authenticated scope). */
export const dashboardsRoutes: FastifyPluginAsyncZod<DashboardsRoutesOptions> = async (
  app,
  { service },
) => {
  app.get(
    '/dashboards',
    {
      schema: {
        tags,
        security,
        summary: 'Lista os dashboards (busca por nome, filtro por grupo; até 1000)',
        querystring: dashboardListQuerySchema,
        response: { 200: dashboardListSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.list(sessionOf(request).workspaceId, request.query),
  );

  app.post(
    '/dashboards',
    {
      bodyLimit: dashboardBodyLimit,
      schema: {
        tags,
        security,
        summary: 'Cria um dashboard (o conteúdo dos widgets é esvaziado, o HTML sanitizado)',
        body: dashboardBodySchema,
        response: { 201: dashboardSchema, ...errorResponses(400, 401, 413) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(sessionOf(request).workspaceId, request.body)),
  );

  app.post(
    '/dashboards/duplicate/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Duplica um dashboard (a cópia recebe " (cópia)" no nome)',
        params: idParamsSchema,
        response: { 201: dashboardSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.duplicate(sessionOf(request).workspaceId, request.params.id)),
  );

  app.get(
    '/dashboards/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Um dashboard com os seus widgets',
        params: idParamsSchema,
        response: { 200: dashboardSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => service.get(sessionOf(request).workspaceId, request.params.id),
  );

  app.put(
    '/dashboards/:id',
    {
      bodyLimit: dashboardBodyLimit,
      schema: {
        tags,
        security,
        summary: 'Altera um dashboard',
        params: idParamsSchema,
        body: dashboardBodySchema,
        response: { 200: dashboardSchema, ...errorResponses(400, 401, 404, 413) },
      },
    },
    async (request) =>
      service.update(sessionOf(request).workspaceId, request.params.id, request.body),
  );

  app.delete(
    '/dashboards/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Remove um dashboard',
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
