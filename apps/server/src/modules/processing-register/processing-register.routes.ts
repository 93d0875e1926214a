import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  registerExportQuerySchema,
  registerListSchema,
  registerQuerySchema,
} from '@ponte/shared/lgpd/register.schema';
import { csvFilename } from '../../lib/csv-format';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas';
import { sessionOf } from '../../plugins/auth';
import type { ProcessingRegisterService } from './processing-register.service';

export interface ProcessingRegisterRoutesOptions {
  service: ProcessingRegisterService;
  now: () => Date;
}

const tags = ['LGPD'];
const security = bearerSecurity;
const fileName = (now: Date, extension: 'csv' | 'pdf') =>
  csvFilename('registro-de-tratamento', now).replace(/\.csv$/, `.${extension}`);

/** Mounted at /api/v1: the register of processing of the session's workspace ('lgpd.manage'). */
export const processingRegisterRoutes: FastifyPluginAsyncZod<
  ProcessingRegisterRoutesOptions
> = async (app, { service, now }) => {
  app.get(
    '/lgpd/register',
    {
      schema: {
        tags,
        security,
        summary:
          'Registro das operações de tratamento (LGPD): cada flow do workspace, por nome, com finalidade, base legal, categorias de dados, prazo de guarda, retenção e mascaramento; missing=true traz só os sem registro',
        querystring: registerQuerySchema,
        response: { 200: registerListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => service.list(sessionOf(request).workspaceId, request.query),
  );

  app.get(
    '/lgpd/register/csv',
    {
      schema: {
        tags,
        security,
        summary:
          'O registro das operações de tratamento em CSV para o Excel em português (separador ";", UTF-8 com BOM, datas DD/MM/AAAA)',
        querystring: registerExportQuerySchema,
        response: { 200: z.string().describe('text/csv'), ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const csv = await service.csv(sessionOf(request).workspaceId, request.query.missing);
      // The file is sent as is, past the JSON serializer the typed reply stands for.
      const raw: FastifyReply = reply;
      return raw
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName(now(), 'csv')}"`)
        .send(csv);
    },
  );

  app.get(
    '/lgpd/register/pdf',
    {
      schema: {
        tags,
        security,
        summary:
          'O registro das operações de tratamento em PDF (A4 paisagem), com o workspace, a data e quem o gerou',
        querystring: registerExportQuerySchema,
        response: { 200: z.string().describe('application/pdf'), ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const pdf = await service.pdf(sessionOf(request), request.query.missing);
      const raw: FastifyReply = reply;
      return raw
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName(now(), 'pdf')}"`)
        .send(pdf);
    },
  );
};
