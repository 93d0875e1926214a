import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customNodeSchema } from '@ponte/shared/custom-nodes.schema';
import {
  openApiCreateBodySchema,
  openApiDocumentMax,
  openApiSourceSchema,
  openApiSummarySchema,
} from '@ponte/shared/custom-nodes-openapi.schema';
import { errorCodes } from '@ponte/shared/errors';
import { messages } from '@ponte/shared/messages';
import { AppError } from '../../../lib/app-error';
import { bearerSecurity, errorResponses } from '../../../lib/route-schemas';
import { sessionOf } from '../../../plugins/auth';
import { stampOf } from '../../versions/versions.service';
import type { CustomNodesOpenApiService } from './custom-nodes-openapi.service';

export interface CustomNodesOpenApiRoutesOptions {
  service: CustomNodesOpenApiService;
}

/** A document of 10 MB sent as JSON text, escaped, with room for the rest of the body. */
const bodyLimit = 2 * openApiDocumentMax + 64 * 1024;
const tags = ['Conectores personalizados'];

/** 'Criar a partir de OpenAPI' (docs/adr/0137); mounted at /api/v1 (authenticated scope). */
export const customNodesOpenApiRoutes: FastifyPluginAsyncZod<
  CustomNodesOpenApiRoutesOptions
> = async (app, { service }) => {
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      throw new AppError(413, errorCodes.payloadTooLarge, messages.customNodesOpenApi.tooLarge);
    throw error;
  });

  app.post(
    '/custom-nodes/openapi/read',
    {
      bodyLimit,
      schema: {
        tags,
        security: bearerSecurity,
        summary:
          'Lê um documento OpenAPI 3.0/3.1 ou Swagger 2.0 (por URL, pela proteção de rede, ou pelo texto) e lista as suas operações',
        body: openApiSourceSchema,
        response: { 200: openApiSummarySchema, ...errorResponses(400, 401, 413) },
      },
    },
    async (request) => service.summary(request.body),
  );

  app.post(
    '/custom-nodes/openapi',
    {
      bodyLimit,
      schema: {
        tags,
        security: bearerSecurity,
        summary:
          'Cria um conector personalizado (versão 1) com as operações escolhidas de um documento OpenAPI',
        body: openApiCreateBodySchema,
        response: { 201: customNodeSchema, ...errorResponses(400, 401, 413) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.create(sessionOf(request).workspaceId, request.body, stampOf(request))),
  );
};
