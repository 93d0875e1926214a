import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  approvalDecisionBodySchema,
  approvalListSchema,
  approvalSchema,
} from '@ponte/shared/approvals.schema';
import { sessionOf } from '../../plugins/auth';
import {
  bearerSecurity,
  errorResponses,
  idParamsSchema,
  publicSecurity,
} from '../../lib/route-schemas';
import { sendPublicPage } from '../forms/forms-public.routes';
import type { ApprovalsService } from './approvals.service';

const tags = ['Aprovações'];

/** Mounted at /api/v1 (authenticated scope). */
export const approvalsRoutes: FastifyPluginAsyncZod<{ service: ApprovalsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/approvals',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Chamadas de ferramentas de agentes aguardando aprovação, das mais antigas',
        response: { 200: approvalListSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.list(sessionOf(request).workspaceId, sessionOf(request).groupIds),
  );

  app.post(
    '/approvals/:id/decision',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Aprova ou rejeita a chamada: a execução continua com a decisão',
        params: idParamsSchema,
        body: approvalDecisionBodySchema,
        response: { 200: approvalSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { workspaceId, userId } = sessionOf(request);
      return service.decide(workspaceId, userId, request.params.id, request.body);
    },
  );
};

const tokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,100}$/) });

/**
 * The approval link, without a session (docs/adr/0100): the page, its details and the
 * decision. Whoever holds the link decides, as with n8n's approval links. Mounted at /engine.
 */
export const approvalsPublicRoutes: FastifyPluginAsyncZod<{
  service: ApprovalsService;
  webDist: string;
}> = async (app, { service, webDist }) => {
  app.get(
    '/approvals/:token',
    {
      schema: {
        tags,
        summary: 'A página pública de aprovação',
        security: publicSecurity,
        params: tokenParams,
      },
    },
    async (_request, reply) => sendPublicPage(reply, webDist, 'approval.html'),
  );

  app.get(
    '/approvals/:token/details',
    {
      schema: {
        tags,
        summary: 'A chamada a aprovar: flow, ferramenta, argumentos e decisão',
        security: publicSecurity,
        params: tokenParams,
        response: { 200: approvalSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.details(request.params.token);
    },
  );

  app.post(
    '/approvals/:token/decision',
    {
      schema: {
        tags,
        summary: 'Aprova ou rejeita pelo link: a execução continua com a decisão',
        security: publicSecurity,
        params: tokenParams,
        body: approvalDecisionBodySchema,
        response: { 200: approvalSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => service.decideByToken(request.params.token, request.body),
  );
};
