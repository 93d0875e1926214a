import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  variableBodySchema,
  variableListQuerySchema,
  variableListSchema,
  variableSchema,
} from '@ponte/shared/variables.schema';
import { sessionOf } from '../../plugins/auth';
import { bearerSecurity, errorResponses, idParamsSchema } from '../../lib/route-schemas';
import type { VariablesService } from './variables.service';

export interface VariablesRoutesOptions {
  service: VariablesService;
}

const tags = ['Variáveis'];
const security = bearerSecurity;

/** The body's `workspace` is ignored: the session decides the workspace. */
const inputOf = (body: z.output<typeof variableBodySchema>) => ({
  name: body.name,
  key: body.key,
  value: body.value,
});

/** Mounted at /api/v1 (authenticated scope). */
export const variablesRoutes: FastifyPluginAsyncZod<VariablesRoutesOptions> = async (
  app,
  { service },
) => {
  app.get(
    '/variables',
    {
      schema: {
        tags,
        security,
        summary: 'Lista as variáveis do workspace (busca por nome ou chave, ordem de chave)',
        querystring: variableListQuerySchema,
        response: { 200: variableListSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.list(sessionOf(request).workspaceId, request.query),
  );

  app.post(
    '/variables',
    {
      schema: {
        tags,
        security,
        summary: 'Cria uma variável',
        body: variableBodySchema,
        response: { 201: variableSchema, ...errorResponses(400, 401, 413) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.create(sessionOf(request).workspaceId, inputOf(request.body))),
  );

  app.get(
    '/variables/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Uma variável',
        params: idParamsSchema,
        response: { 200: variableSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => service.get(sessionOf(request).workspaceId, request.params.id),
  );

  app.put(
    '/variables/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Altera uma variável',
        params: idParamsSchema,
        body: variableBodySchema,
        response: { 200: variableSchema, ...errorResponses(400, 401, 404, 413) },
      },
    },
    async (request) =>
      service.update(sessionOf(request).workspaceId, request.params.id, inputOf(request.body)),
  );

  app.delete(
    '/variables/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Remove uma variável',
        params: idParamsSchema,
        response: { 204: z.null().describe('Removida'), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await service.remove(sessionOf(request).workspaceId, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
