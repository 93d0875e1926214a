import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  tokenResponseSchema,
  workspaceCreateBodySchema,
  workspaceListSchema,
  workspaceSchema,
  workspaceSwitchBodySchema,
} from '@ponte/shared/account.schema';
import { aiBudgetBodySchema, aiBudgetSchema } from '@ponte/shared/ai-usage.schema';
import { sessionOf } from '../../plugins/auth';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas';
import type { WorkspacesService } from './workspaces.service';

export interface WorkspacesRoutesOptions {
  service: WorkspacesService;
  /** The public address of Ponte for this request (PONTE_PUBLIC_URL or the request's). */
  publicUrl?: (request: FastifyRequest) => string;
}

const tags = ['Workspaces'];
const workspaceCreatedSchema = workspaceSchema.pick({ _id: true, name: true });

/** Mounted at /api/v1 (authenticated scope). */
export const workspaceApiRoutes: FastifyPluginAsyncZod<WorkspacesRoutesOptions> = async (
  app,
  { service, publicUrl },
) => {
  app.get(
    '/workspaces/current',
    {
      schema: {
        tags,
        summary: 'Workspace da sessão e o endereço do engine',
        security: bearerSecurity,
        response: { 200: workspaceSchema, ...errorResponses(401) },
      },
    },
    async (request) =>
      service.current(
        sessionOf(request),
        `${publicUrl?.(request) ?? `${request.protocol}://${request.host}`}/engine`,
      ),
  );

  app.get(
    '/workspaces/current/ai-budget',
    {
      schema: {
        tags,
        summary: 'Orçamento mensal de tokens de IA do workspace e os tokens usados no mês',
        security: bearerSecurity,
        response: { 200: aiBudgetSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.aiBudget(sessionOf(request)),
  );

  app.put(
    '/workspaces/current/ai-budget',
    {
      schema: {
        tags,
        summary:
          'Define o orçamento mensal de tokens de IA (apenas o proprietário; null: sem limite)',
        security: bearerSecurity,
        body: aiBudgetBodySchema,
        response: { 200: aiBudgetSchema, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request) => service.setAiBudget(sessionOf(request), request.body.ai_token_budget),
  );
};

/** Mounted at /account/v1: list, create and switch workspaces. */
export const workspaceAccountRoutes: FastifyPluginAsyncZod<WorkspacesRoutesOptions> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', app.requireSession);

  app.get(
    '/workspaces',
    {
      schema: {
        tags,
        summary: 'Workspaces de que o usuário participa',
        security: bearerSecurity,
        response: { 200: workspaceListSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.list(sessionOf(request)),
  );

  app.post(
    '/workspaces',
    {
      schema: {
        tags,
        summary: 'Cria um workspace (apenas o proprietário)',
        security: bearerSecurity,
        body: workspaceCreateBodySchema,
        response: { 201: workspaceCreatedSchema, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(sessionOf(request), request.body.name)),
  );

  app.post(
    '/workspaces/switch',
    {
      schema: {
        tags,
        summary: 'Troca o workspace da sessão',
        security: bearerSecurity,
        body: workspaceSwitchBodySchema,
        response: { 200: tokenResponseSchema, ...errorResponses(400, 401, 404, 413) },
      },
    },
    async (request) => ({
      token: await service.switchTo(sessionOf(request), request.body.workspace_id),
    }),
  );
};
