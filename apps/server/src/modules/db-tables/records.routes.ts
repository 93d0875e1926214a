import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  entityBodySchema,
  entityExportQuerySchema,
  entityExportSchema,
  entityListQuerySchema,
  entityListSchema,
  entityMassDeleteBodySchema,
  entitySchema,
  entityUpdateBodySchema,
  successSchema,
} from '@ponte/shared/db-tables.schema';
import { sessionOf } from '../../plugins/auth';
import { bearerSecurity, errorResponses, idParamsSchema } from '../../lib/route-schemas';
import type { RecordsExport } from './records-csv';
import type { RecordsService } from './records.service';

export interface RecordsRoutesOptions {
  service: RecordsService;
  exporter: RecordsExport;
}

const tags = ['Registros'];
const security = bearerSecurity;

const exportQuerySchema = entityExportQuerySchema.extend({
  download: z.enum(['0', '1']).optional().describe('1: o arquivo text/csv em fluxo'),
});

/** `filename*` (RFC 6266) keeps accents; the plain name is the ASCII slug already. */
const disposition = (filename: string) =>
  `attachment; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(filename)}`;

/**
 * Many records at once: the mass delete and the CSV export (`{data, filename}`, or the file
 * streamed with download=1 or Accept: text/csv), Excel (Brasil) unless `format=csv`.
 */
const manyRoutes: FastifyPluginAsyncZod<RecordsRoutesOptions> = async (
  app,
  { service, exporter },
) => {
  app.delete(
    '/db/entities/mass',
    {
      schema: {
        tags,
        security,
        summary: 'Remove vários registros (os de outro workspace são ignorados)',
        body: entityMassDeleteBodySchema,
        response: { 200: successSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      await service.removeMany(sessionOf(request).workspaceId, request.body.ids);
      return { success: true };
    },
  );

  app.get(
    '/db/entities/export/:id/csv',
    {
      schema: {
        tags,
        security,
        summary:
          'Exporta os registros filtrados em CSV (format: excel, o padrão, ou csv): {data, filename}; com download=1 ou Accept: text/csv, o arquivo em fluxo',
        params: idParamsSchema,
        querystring: exportQuerySchema,
        response: {
          200: entityExportSchema.or(z.string().describe('text/csv')),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const workspaceId = sessionOf(request).workspaceId;
      const table = await service.tableOf(workspaceId, request.params.id);
      const exportRequest = {
        workspaceId,
        table,
        filter: request.query.filter,
        columns: request.query.columns,
        format: request.query.format,
      };
      const accept = request.headers.accept ?? '';
      if (request.query.download === '1' || /\btext\/csv\b/.test(accept)) {
        const { stream, filename } = exporter.stream(exportRequest);
        // A stream is piped as is, past the JSON serializer the typed reply stands for.
        const raw: FastifyReply = reply;
        return raw
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', disposition(filename))
          .send(stream);
      }
      return exporter.json(exportRequest);
    },
  );
};

/** Mounted at /api/v1 (authenticated scope). */
export const recordsRoutes: FastifyPluginAsyncZod<RecordsRoutesOptions> = async (
  app,
  { service, exporter },
) => {
  app.get(
    '/db/entities',
    {
      schema: {
        tags,
        security,
        summary:
          'Lista os registros de uma tabela (filtro JSON: table, timezoneOffset, fields); total exato até 10000, 10000 além',
        querystring: entityListQuerySchema,
        response: { 200: entityListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.list(sessionOf(request).workspaceId, request.query),
  );

  app.post(
    '/db/entities',
    {
      schema: {
        tags,
        security,
        summary: 'Cria um registro',
        body: entityBodySchema,
        response: { 201: entitySchema, ...errorResponses(400, 401, 404, 413) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await service.insert(
            sessionOf(request).workspaceId,
            request.body.table,
            request.body.data,
          ),
        ),
  );

  await app.register(manyRoutes, { service, exporter });

  app.get(
    '/db/entities/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Um registro',
        params: idParamsSchema,
        response: { 200: entitySchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => service.get(sessionOf(request).workspaceId, request.params.id),
  );

  app.put(
    '/db/entities/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Altera um registro (os campos não enviados mantêm o valor)',
        params: idParamsSchema,
        body: entityUpdateBodySchema,
        response: { 200: entitySchema, ...errorResponses(400, 401, 404, 413) },
      },
    },
    async (request) =>
      service.update(
        sessionOf(request).workspaceId,
        request.params.id,
        request.body.data,
        request.body.table,
      ),
  );

  app.delete(
    '/db/entities/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Remove um registro',
        params: idParamsSchema,
        response: { 200: successSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      await service.remove(sessionOf(request).workspaceId, request.params.id);
      return { success: true };
    },
  );
};
