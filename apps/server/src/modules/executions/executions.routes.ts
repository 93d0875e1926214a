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
import type { ExecutionRunner } from './execution-runner';
import { runningExecutions } from './running-executions';

export interface ExecutionsRoutesOptions {
  runner: ExecutionRunner;
  now: () => Date;
}

const tags = ['Monitoramento'];
const security = bearerSecurity;
const minute = 60_000;

/** Mounted at /api/v1 (authenticated scope). */
export const executionsRoutes: FastifyPluginAsyncZod<ExecutionsRoutesOptions> = async (
  app,
  { runner, now },
) => {
  const repository = runner.repository;

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
    async (request) => {
      const { rows, total } = await repository.completed(
        sessionOf(request).workspaceId,
        request.query.page,
        request.query.size,
      );
      return {
        items: rows.map(({ execution, flowName }) => ({
          _id: execution.id,
          data: {
            execution_id: execution.id,
            flow_id: execution.flowId,
            flow_name: flowName,
            status: execution.status as 'success' | 'error' | 'stopped' | 'crashed',
            timestamp: execution.endedAt!.toISOString(),
            message: { execution_time: execution.durationMs ?? 0 },
            error: execution.error?.message ?? null,
          },
        })),
        total,
      };
    },
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
    async (request) => {
      const end = Math.floor(now().getTime() / minute) * minute;
      const start = end - 59 * minute;
      const counts = new Map(
        (await repository.perMinute(sessionOf(request).workspaceId, new Date(start))).map(
          (point) => [point.minute.getTime(), point.n],
        ),
      );
      return Array.from({ length: 60 }, (_, i) => {
        const at = start + i * minute;
        return { x: new Date(at).toISOString(), y: counts.get(at) ?? 0 };
      });
    },
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
    async (request) => runningExecutions(runner, sessionOf(request).workspaceId),
  );
};
