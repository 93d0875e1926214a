import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  completedListQuerySchema,
  completedListSchema,
  runningExecutionSchema,
  timeseriesSchema,
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
import { executionRerunRoutes, executionWaitingRoutes } from './execution-reruns.routes';

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

  await app.register(executionWaitingRoutes, { service });
  await app.register(executionRerunRoutes, { reruns });

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
