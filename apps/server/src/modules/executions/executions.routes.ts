import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  completedListQuerySchema,
  completedListSchema,
  runningExecutionSchema,
  timeseriesSchema,
} from '@ponte/shared/monitoring.schema';
import { z } from 'zod';
import { sessionOf } from '../../plugins/auth';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas';
import type { ExecutionsService } from './executions.service';

export interface ExecutionsRoutesOptions {
  service: ExecutionsService;
}

const tags = ['Monitoramento'];
const security = bearerSecurity;

/** Mounted at /api/v1 (authenticated scope). */
export const executionsRoutes: FastifyPluginAsyncZod<ExecutionsRoutesOptions> = async (
  app,
  { service },
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
      service.completed(sessionOf(request).workspaceId, request.query.page, request.query.size),
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
    async (request) => service.timeseries(sessionOf(request).workspaceId),
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
    async (request) => service.running(sessionOf(request).workspaceId),
  );
};
