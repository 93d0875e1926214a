import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  retentionApplyResultSchema,
  retentionInstanceSchema,
  retentionOverviewSchema,
  retentionRuleBodySchema,
  retentionRuleSchema,
  retentionRunListQuerySchema,
  retentionRunListSchema,
  retentionTargetsSchema,
} from '@ponte/shared/lgpd/retention.schema';
import { sessionOf } from '../../plugins/auth';
import { bearerSecurity, errorResponses, idParamsSchema } from '../../lib/route-schemas';
import type { RetentionService } from './retention.service';

export interface RetentionRoutesOptions {
  service: RetentionService;
}

const tags = ['LGPD'];
const security = bearerSecurity;

/** The screen's reads: the overview, the instance's days, the targets and the history. */
const readRoutes: FastifyPluginAsyncZod<RetentionRoutesOptions> = async (app, { service }) => {
  app.get(
    '/lgpd/retention',
    {
      schema: {
        tags,
        security,
        summary:
          'A retenção do workspace: os dias da instância, os flows com retenção própria e as regras',
        response: { 200: retentionOverviewSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => service.overview(sessionOf(request).workspaceId),
  );

  app.get(
    '/lgpd/retention/instance',
    {
      schema: {
        tags,
        security,
        summary: 'Os dias que a instância guarda os logs e os dados das execuções',
        response: { 200: retentionInstanceSchema, ...errorResponses(401, 403) },
      },
    },
    async () => service.instance(),
  );

  app.get(
    '/lgpd/retention/targets',
    {
      schema: {
        tags,
        security,
        summary: 'As tabelas (com seus campos de data) e as filas que uma regra pode escolher',
        response: { 200: retentionTargetsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => service.targets(sessionOf(request).workspaceId),
  );

  app.get(
    '/lgpd/retention/runs',
    {
      schema: {
        tags,
        security,
        summary: 'O histórico das exclusões por retenção, das mais recentes às mais antigas',
        querystring: retentionRunListQuerySchema,
        response: { 200: retentionRunListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) =>
      service.runs(sessionOf(request).workspaceId, request.query.page, request.query.limit),
  );
};

/** The rules: create, edit, remove, apply now. */
const ruleRoutes: FastifyPluginAsyncZod<RetentionRoutesOptions> = async (app, { service }) => {
  app.post(
    '/lgpd/retention/rules',
    {
      schema: {
        tags,
        security,
        summary: 'Cria uma regra de retenção (uma por tabela, fila ou pasta)',
        body: retentionRuleBodySchema,
        response: { 201: retentionRuleSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { workspaceId, userId } = sessionOf(request);
      return reply.code(201).send(await service.create(workspaceId, request.body, userId || null));
    },
  );

  app.put(
    '/lgpd/retention/rules/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Altera uma regra de retenção',
        params: idParamsSchema,
        body: retentionRuleBodySchema,
        response: { 200: retentionRuleSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { workspaceId, userId } = sessionOf(request);
      return service.update(workspaceId, request.params.id, request.body, userId || null);
    },
  );

  app.delete(
    '/lgpd/retention/rules/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Remove uma regra de retenção (nada já apagado volta)',
        params: idParamsSchema,
        response: { 204: z.null().describe('Removida'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.remove(sessionOf(request).workspaceId, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/lgpd/retention/rules/:id/apply',
    {
      schema: {
        tags,
        security,
        summary: 'Aplica uma regra de retenção agora e responde o que ela apagou',
        params: idParamsSchema,
        response: { 200: retentionApplyResultSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => service.apply(sessionOf(request).workspaceId, request.params.id),
  );
};

/** Mounted at /api/v1 (authenticated scope). */
export const retentionRoutes: FastifyPluginAsyncZod<RetentionRoutesOptions> = async (
  app,
  options,
) => {
  await readRoutes(app, options);
  await ruleRoutes(app, options);
};
