import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { can } from '@ponte/shared/roles';
import { z } from 'zod';
import {
  rerunAnswerSchema,
  rerunBodySchema,
  rerunFailedAnswerSchema,
  rerunFailedBodySchema,
  rerunFailedPreviewSchema,
  waitingListSchema,
} from '@ponte/shared/monitoring.schema';
import { sessionOf } from '../../plugins/auth';
import { bearerSecurity, errorResponses, idSchema } from '../../lib/route-schemas';
import type { ExecutionReruns } from './execution-reruns';
import type { ExecutionsService } from './executions.service';

const tags = ['Monitoramento'];
const security = bearerSecurity;

/** 'Reexecutar' (docs/adr/0113), mounted with the monitoring routes at /api/v1. */
export const executionRerunRoutes: FastifyPluginAsyncZod<{ reruns: ExecutionReruns }> = async (
  app,
  { reruns },
) => {
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
};

/** Why an execution has not run, and what a person does to it (docs/adr/0111). */
export const executionWaitingRoutes: FastifyPluginAsyncZod<{ service: ExecutionsService }> = async (
  app,
  { service },
) => {
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
    async (request) => {
      const { workspaceId, groupIds, role } = sessionOf(request);
      const items = await service.waiting(workspaceId, groupIds);
      // A pending approval link decides for its person: only for who may decide approvals.
      if (can(role, 'approvals.decide')) return { items };
      return {
        items: items.map((item) => ({
          ...item,
          approvers: item.approvers.map((approver) => ({ ...approver, url: null })),
        })),
      };
    },
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
};
