import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  expressionPreviewBodySchema,
  expressionPreviewSchema,
} from '@ponte/shared/execution-data.schema';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas';
import { sessionOf } from '../../plugins/auth';
import type { ExpressionPreviewService } from './expression-preview.service';

export interface ExpressionPreviewRoutesOptions {
  service: ExpressionPreviewService;
}

/** Mounted at /engine (authenticated scope). */
export const expressionPreviewRoutes: FastifyPluginAsyncZod<
  ExpressionPreviewRoutesOptions
> = async (app, { service }) => {
  app.post(
    '/expressions/preview',
    {
      schema: {
        tags: ['Engine'],
        security: bearerSecurity,
        summary:
          'Avalia modelos com {{ }} sobre uma mensagem de exemplo, como uma execução resolve um parâmetro',
        body: expressionPreviewBodySchema,
        response: { 200: expressionPreviewSchema, ...errorResponses(400, 401, 404, 413) },
      },
    },
    async (request) => service.preview(sessionOf(request).workspaceId, request.body),
  );
};
