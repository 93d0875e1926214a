import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  queueBodySchema,
  queueDepthSchema,
  queueDeleteBodySchema,
  queueListQuerySchema,
  queueListSchema,
  queueRestoresSchema,
  queueSchema,
  queueUpdateBodySchema,
} from '@ponte/shared/queues.schema';
import { sessionOf } from '../../plugins/auth';
import { bearerSecurity, errorResponses, idParamsSchema } from '../../lib/route-schemas';
import { versionEtag } from '@ponte/shared/versions.schema';
import { versionRoutes } from '../versions/version-routes';
import { stampOf, type VersionsService } from '../versions/versions.service';
import { queueJobsRoutes } from './queue-jobs.routes';
import type { QueuesService } from './queues.service';
import * as routes from '../../lib/named-resource/named-routes';

export interface QueuesRoutesOptions {
  service: QueuesService;
}

export interface QueueRoutesOptions extends QueuesRoutesOptions {
  versions: VersionsService;
}

const tags = ['Filas internas'];
const security = bearerSecurity;

/** Spec 2 §7 'Queues'; mounted at /api/v1 (authenticated scope). */
export const queuesRoutes: FastifyPluginAsyncZod<QueueRoutesOptions> = async (
  app,
  { service, versions },
) => {
  app.get(
    '/queues',
    {
      schema: {
        tags,
        security,
        summary: 'Lista as filas internas do workspace (busca por nome, filtro por grupo)',
        querystring: queueListQuerySchema,
        response: { 200: queueListSchema, ...errorResponses(401, 503) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      return service.list(session.workspaceId, { ...request.query, within: session.groupIds });
    },
  );

  routes.createRoute(app, '/queues', {
    tags,
    summary: 'Cria uma fila interna',
    body: queueBodySchema,
    response: queueSchema,
    errors: [400, 401, 409, 413, 503],
    create: (workspaceId, body, request) => service.create(workspaceId, body, stampOf(request)),
  });

  app.put(
    '/queues',
    {
      schema: {
        tags,
        security,
        summary: 'Altera uma fila interna (o `_id` vai no corpo)',
        body: queueUpdateBodySchema,
        response: { 200: queueSchema, ...errorResponses(400, 401, 404, 409, 413, 503) },
      },
    },
    async (request, reply) => {
      const { workspaceId } = sessionOf(request);
      const saved = await service.update(workspaceId, request.body, stampOf(request, request.body));
      return reply.header('etag', versionEtag(saved.version)).send(saved);
    },
  );

  app.delete(
    '/queues',
    {
      schema: {
        tags,
        security,
        summary: 'Remove uma fila interna e todas as suas mensagens (o `_id` vai no corpo)',
        body: queueDeleteBodySchema,
        response: { 204: z.null().describe('Removida'), ...errorResponses(400, 401, 404, 503) },
      },
    },
    async (request, reply) => {
      await service.remove(sessionOf(request).workspaceId, request.body._id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/queues/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Uma fila interna, com os contadores de mensagens por estado',
        params: idParamsSchema,
        response: { 200: queueSchema, ...errorResponses(401, 404, 503) },
      },
    },
    async (request, reply) => {
      const queue = await service.get(sessionOf(request).workspaceId, request.params.id);
      return reply.header('etag', versionEtag(queue.version)).send(queue);
    },
  );

  versionRoutes(app, {
    kind: 'queue',
    path: '/queues/:id',
    tags,
    response: queueSchema,
    versions,
    state: service.versionState,
    // 'Restaurar': the version's settings saved as the queue's update, as a new version.
    restore: async (workspaceId, id, document, stamp) =>
      service.update(workspaceId, await service.restoreBody(workspaceId, id, document), stamp),
  });

  await app.register(queueControlRoutes, { service });
  await app.register(queueJobsRoutes, { service });
};

/** Pause, resume and clean (spec 2 §7), the depth samples and restores (beyond the spec). */
const queueControlRoutes: FastifyPluginAsyncZod<QueuesRoutesOptions> = async (app, { service }) => {
  const control = (action: 'pause' | 'resume', summary: string) =>
    app.post(
      `/queues/control/${action}/:id`,
      {
        schema: {
          tags,
          security,
          summary,
          params: idParamsSchema,
          response: { 200: queueSchema, ...errorResponses(401, 404, 503) },
        },
      },
      async (request) => service[action](sessionOf(request).workspaceId, request.params.id),
    );
  control('pause', 'Pausa a fila: nenhuma mensagem nova começa, nada se perde');
  control('resume', 'Retoma a fila pausada');

  app.post(
    '/queues/control/clean/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Limpa a fila: remove as mensagens aguardando, atrasadas e pausadas',
        params: idParamsSchema,
        response: {
          200: z.object({ removed: z.number().int() }),
          ...errorResponses(401, 404, 503),
        },
      },
    },
    async (request) => service.clean(sessionOf(request).workspaceId, request.params.id),
  );

  app.get(
    '/queues/:id/depth',
    {
      schema: {
        tags,
        security,
        summary: 'Os contadores da fila amostrados na última hora',
        params: idParamsSchema,
        response: { 200: queueDepthSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => service.depth(sessionOf(request).workspaceId, request.params.id),
  );

  app.get(
    '/queues/:id/restores',
    {
      schema: {
        tags,
        security,
        summary: 'Mensagens reenfileiradas porque o Redis perdeu os dados (últimos 7 dias)',
        params: idParamsSchema,
        response: { 200: queueRestoresSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => service.restores(sessionOf(request).workspaceId, request.params.id),
  );
};
