import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  holidayBodySchema,
  holidayImportBodySchema,
  holidayImportResultSchema,
  holidayListQuerySchema,
  holidayListSchema,
  holidaySchema,
} from '@ponte/shared/holidays.schema';
import { sessionOf } from '../../plugins/auth';
import { bearerSecurity, errorResponses, idParamsSchema } from '../../lib/route-schemas';
import type { HolidaysService } from './holidays.service';

export interface HolidaysRoutesOptions {
  service: HolidaysService;
}

const tags = ['Feriados'];
const security = bearerSecurity;

/** The body's `workspace` is ignored: the session decides the workspace. */
const inputOf = (body: z.output<typeof holidayBodySchema>) => ({
  date: body.date,
  name: body.name,
  recurring: body.recurring,
});

/** Mounted at /api/v1 (authenticated scope). */
export const holidaysRoutes: FastifyPluginAsyncZod<HolidaysRoutesOptions> = async (
  app,
  { service },
) => {
  app.get(
    '/holidays',
    {
      schema: {
        tags,
        security,
        summary:
          'Lista os feriados do próprio workspace (busca por nome; os de todo ano primeiro, por dia e mês, depois os demais por data)',
        querystring: holidayListQuerySchema,
        response: { 200: holidayListSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.list(sessionOf(request).workspaceId, request.query),
  );

  app.post(
    '/holidays',
    {
      schema: {
        tags,
        security,
        summary: 'Cria um feriado do workspace (data em AAAA-MM-DD)',
        body: holidayBodySchema,
        response: { 201: holidaySchema, ...errorResponses(400, 401, 413, 429) },
      },
    },
    async (request, reply) => {
      const { workspaceId, userId } = sessionOf(request);
      return reply.code(201).send(await service.create(workspaceId, inputOf(request.body), userId));
    },
  );

  app.post(
    '/holidays/import',
    {
      schema: {
        tags,
        security,
        summary:
          'Importa feriados de um CSV de planilha brasileira (";", DD/MM/AAAA, nome, sim/não para todo ano); os de dias que o workspace já tem são mantidos',
        body: holidayImportBodySchema,
        response: { 200: holidayImportResultSchema, ...errorResponses(400, 401, 413, 429) },
      },
    },
    async (request) => {
      const { workspaceId, userId } = sessionOf(request);
      return service.importCsv(workspaceId, request.body.csv, userId);
    },
  );

  app.get(
    '/holidays/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Um feriado do workspace',
        params: idParamsSchema,
        response: { 200: holidaySchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => service.get(sessionOf(request).workspaceId, request.params.id),
  );

  app.put(
    '/holidays/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Altera um feriado do workspace',
        params: idParamsSchema,
        body: holidayBodySchema,
        response: { 200: holidaySchema, ...errorResponses(400, 401, 404, 413) },
      },
    },
    async (request) => {
      const { workspaceId, userId } = sessionOf(request);
      return service.update(workspaceId, request.params.id, inputOf(request.body), userId);
    },
  );

  app.delete(
    '/holidays/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Remove um feriado do workspace',
        params: idParamsSchema,
        response: { 204: z.null().describe('Removido'), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await service.remove(sessionOf(request).workspaceId, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
