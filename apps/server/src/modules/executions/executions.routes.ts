import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  completedListQuerySchema,
  completedListSchema,
  runningExecutionSchema,
  timeseriesSchema,
  waitingListSchema,
  rerunAnswerSchema,
  rerunBodySchema,
  rerunFailedAnswerSchema,
  rerunFailedBodySchema,
  rerunFailedPreviewSchema,
} from '@ponte/shared/monitoring.schema';
import {
  executionDataSchema,
  nodeDataSchema,
  type NodeData,
} from '@ponte/shared/execution-data.schema';
import { z } from 'zod';
import { sessionOf } from '../../plugins/auth';
import { bearerSecurity, errorResponses, idSchema } from '../../lib/route-schemas';
import type { ExecutionDataService } from './execution-data.service';
import type { ExecutionsService } from './executions.service';
import type { ExecutionReruns } from './execution-reruns';

export interface ExecutionsRoutesOptions {
  service: ExecutionsService;
  data: ExecutionDataService;
  reruns: ExecutionReruns;
}

const tags = ['Monitoramento'];
const security = bearerSecurity;

/** Mounted at /api/v1 (authenticated scope). */
export const executionsRoutes: FastifyPluginAsyncZod<ExecutionsRoutesOptions> = async (
  app,
  { service, data, reruns },
) => {
  app.get(
    '/monitoring/executions/completed',
    {
      schema: {
        tags,
        security,
        summary: 'Execuções finalizadas, da mais recente para a mais antiga (10 por página)',
        querystring: completedListQuerySchema,
        response: { 200: completedListSchema, ...errorResponses(401) },
      },
    },
    async (request) =>
      service.completed(
        sessionOf(request).workspaceId,
        request.query.page,
        request.query.size,
        sessionOf(request).groupIds,
      ),
  );

  app.get(
    '/monitoring/executions/completed/timeseries',
    {
      schema: {
        tags,
        security,
        summary: 'Execuções finalizadas por minuto na última hora (60 pontos, zeros incluídos)',
        response: { 200: timeseriesSchema, ...errorResponses(401) },
      },
    },
    async (request) =>
      service.timeseries(sessionOf(request).workspaceId, sessionOf(request).groupIds),
  );

  app.get(
    '/monitoring/executions/running',
    {
      schema: {
        tags,
        security,
        summary: 'Execuções em andamento no workspace',
        response: { 200: z.array(runningExecutionSchema), ...errorResponses(401) },
      },
    },
    async (request) => service.running(sessionOf(request).workspaceId, sessionOf(request).groupIds),
  );

  app.get(
    '/monitoring/executions/waiting',
    {
      schema: {
        tags,
        security,
        summary:
          'Execuções na fila ou aguardando, com o motivo (worker, limite do flow, nova tentativa, aprovação)',
        response: { 200: waitingListSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({
      items: await service.waiting(sessionOf(request).workspaceId, sessionOf(request).groupIds),
    }),
  );

  app.post(
    '/monitoring/executions/:executionId/run-now',
    {
      schema: {
        tags,
        security,
        summary: 'Executar agora: a nova tentativa de uma execução aguardando roda sem esperar',
        params: z.object({ executionId: idSchema }),
        response: { 200: z.object({ success: z.literal(true) }), ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => {
      await service.runNow(sessionOf(request).workspaceId, request.params.executionId);
      return { success: true as const };
    },
  );

  app.post(
    '/monitoring/executions/:executionId/rerun',
    {
      schema: {
        tags,
        security,
        summary:
          'Reexecutar: a execução inteira com a mensagem do gatilho, ou a partir de um conector com a entrada que ele teve, na versão atual do flow ou na que rodou',
        params: z.object({ executionId: idSchema }),
        body: rerunBodySchema,
        response: { 201: rerunAnswerSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const { workspaceId } = sessionOf(request);
      const started = await reruns.rerun(workspaceId, request.params.executionId, request.body);
      return reply.code(201).send(started);
    },
  );

  app.post(
    '/monitoring/executions/rerun-failed/preview',
    {
      schema: {
        tags,
        security,
        summary: 'Quantas execuções com erro do flow no período seriam reexecutadas',
        body: rerunFailedBodySchema,
        response: { 200: rerunFailedPreviewSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => reruns.previewFailed(sessionOf(request).workspaceId, request.body),
  );

  app.post(
    '/monitoring/executions/rerun-failed',
    {
      schema: {
        tags,
        security,
        summary:
          'Reexecuta inteiras, na versão atual, as execuções com erro do flow no período (no máximo 500)',
        body: rerunFailedBodySchema,
        response: { 201: rerunFailedAnswerSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await reruns.rerunFailed(sessionOf(request).workspaceId, request.body)),
  );

  app.get(
    '/monitoring/executions/:executionId/data',
    {
      schema: {
        tags,
        security,
        summary:
          'A versão do flow que a execução rodou e o resumo de cada conector (dados guardados conforme o flow)',
        params: z.object({ executionId: idSchema }),
        response: { 200: executionDataSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => data.execution(sessionOf(request).workspaceId, request.params.executionId),
  );

  app.get(
    '/monitoring/executions/:executionId/data/:nodeUid',
    {
      schema: {
        tags,
        security,
        summary: 'A entrada e as saídas de cada vez que o conector rodou na execução',
        params: z.object({ executionId: idSchema, nodeUid: idSchema }),
        response: { 200: nodeDataSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const { executionId, nodeUid } = request.params;
      // The runs' JSON goes out as it was stored, never parsed nor serialized again (Fastify
      // sends a string with a JSON content type as is).
      const json = await data.nodeJson(sessionOf(request).workspaceId, executionId, nodeUid);
      return reply.type('application/json; charset=utf-8').send(json as unknown as NodeData);
    },
  );
};
