import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  jobBodySchema,
  jobListQuerySchema,
  jobListSchema,
  queueJobSchema,
} from '@ponte/shared/queues.schema';
import { sessionOf } from '../../plugins/auth';
import { bearerSecurity, errorResponses, idParamsSchema, idSchema } from '../../lib/route-schemas';
import type { QueuesService } from './queues.service';

const tags = ['Filas internas'];
const security = bearerSecurity;
const jobParamsSchema = z.object({ id: idSchema, jobId: idSchema });

/** The messages of a queue (spec 2 §7 'Queues'; retry beyond the spec). */
export const queueJobsRoutes: FastifyPluginAsyncZod<{ service: QueuesService }> = async (
  app,
  { service },
) => {
  app.post(
    '/queues/jobs/new/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Adiciona uma mensagem à fila (atrasada ou não)',
        params: idParamsSchema,
        body: jobBodySchema,
        response: { 201: queueJobSchema, ...errorResponses(400, 401, 404, 413, 503) },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const job = await service.addJob(
        session.workspaceId,
        request.params.id,
        session.userId,
        request.body,
      );
      return reply.code(201).send(job);
    },
  );

  app.get(
    '/queues/jobs/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Lista as mensagens da fila nos estados pedidos (pendentes quando não dito)',
        params: idParamsSchema,
        querystring: jobListQuerySchema,
        response: { 200: jobListSchema, ...errorResponses(401, 404, 503) },
      },
    },
    async (request) =>
      service.jobs(sessionOf(request).workspaceId, request.params.id, request.query),
  );

  app.delete(
    '/queues/jobs/remove/:id/:jobId',
    {
      schema: {
        tags,
        security,
        summary: 'Remove uma mensagem que não está em execução',
        params: jobParamsSchema,
        response: { 204: z.null().describe('Removida'), ...errorResponses(401, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      const { id, jobId } = request.params;
      await service.removeJob(sessionOf(request).workspaceId, id, jobId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/queues/jobs/retry/:id/:jobId',
    {
      schema: {
        tags,
        security,
        summary: 'Reenvia uma mensagem com falha para a fila, com o mesmo id',
        params: jobParamsSchema,
        response: { 200: queueJobSchema, ...errorResponses(401, 404, 409, 503) },
      },
    },
    async (request) => {
      const { id, jobId } = request.params;
      return service.retryJob(sessionOf(request).workspaceId, id, jobId);
    },
  );
};
