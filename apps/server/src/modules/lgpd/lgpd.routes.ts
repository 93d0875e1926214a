import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  titularEraseBodySchema,
  titularEraseResultSchema,
  titularReportQuerySchema,
  titularRequestListQuerySchema,
  titularRequestListSchema,
  titularSearchBodySchema,
  titularSearchResultSchema,
} from '@ponte/shared/lgpd/titular.schema';
import type { Database } from '../../db/client';
import { sessionOf } from '../../plugins/auth';
import { bearerSecurity, errorResponses, idParamsSchema } from '../../lib/route-schemas';
import { reportFilename, titularReport } from './titular-report';
import { titularReportCsv } from './titular-report-csv';
import { titularReportPdf } from './titular-report-pdf';
import type { TitularService } from './titular.service';

export interface LgpdRoutesOptions {
  db: Database;
  titulars: TitularService;
}

const tags = ['LGPD'];
const security = bearerSecurity;

const disposition = (filename: string) =>
  `attachment; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(filename)}`;

/** Mounted at /api/v1 (authenticated scope). */
export const lgpdRoutes: FastifyPluginAsyncZod<LgpdRoutesOptions> = async (
  app,
  { db, titulars },
) => {
  app.post(
    '/lgpd/titulars/search',
    {
      schema: {
        tags,
        security,
        summary:
          'Busca um titular (CPF, CNPJ, e-mail ou telefone) nas execuções, envios de formulário, dados das execuções, logs, registros, filas e Storage do workspace; a busca fica registrada',
        body: titularSearchBodySchema,
        response: { 200: titularSearchResultSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      return titulars.search(session.workspaceId, session, request.body.query);
    },
  );

  app.post(
    '/lgpd/titulars/erase',
    {
      schema: {
        tags,
        security,
        summary:
          'Exclui ou anonimiza os dados de um titular em todos os lugares, depois de confirmadas as quantidades por lugar; busca de novo e registra o que foi feito',
        body: titularEraseBodySchema,
        response: { 200: titularEraseResultSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const { query, confirm } = request.body;
      return titulars.erase(session.workspaceId, session, query, confirm);
    },
  );

  app.get(
    '/lgpd/titulars/requests',
    {
      schema: {
        tags,
        security,
        summary:
          'Os atendimentos a titulares do workspace (buscas e exclusões), os mais novos primeiro',
        querystring: titularRequestListQuerySchema,
        response: { 200: titularRequestListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => titulars.list(sessionOf(request).workspaceId, request.query),
  );

  app.get(
    '/lgpd/titulars/requests/:id/report',
    {
      schema: {
        tags,
        security,
        summary:
          'O relatório de um atendimento ao titular, em PDF (padrão) ou CSV de planilha brasileira (format=csv); o valor do titular vai mascarado',
        params: idParamsSchema,
        querystring: titularReportQuerySchema,
        response: {
          200: z.string().describe('application/pdf ou text/csv'),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const row = await titulars.request(sessionOf(request).workspaceId, request.params.id);
      const report = await titularReport(db, row);
      const { format } = request.query;
      // A file is sent as is, past the JSON serializer the typed reply stands for.
      const raw: FastifyReply = reply;
      raw.header('content-disposition', disposition(reportFilename(row, format)));
      if (format === 'csv') {
        return raw.header('content-type', 'text/csv; charset=utf-8').send(titularReportCsv(report));
      }
      return raw.header('content-type', 'application/pdf').send(await titularReportPdf(report));
    },
  );
};
