import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customNodeTestBodySchema,
  customNodeTestResultSchema,
} from '@ponte/shared/custom-nodes.schema';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas';
import { sessionOf } from '../../plugins/auth';
import { customNodeBodyLimit } from './custom-nodes.routes';
import type { CustomNodesTestService } from './custom-nodes-test.service';

export interface CustomNodesTestRoutesOptions {
  service: CustomNodesTestService;
}

/** 'Testar' of the connector editor (beyond the spec); mounted at /api/v1 (authenticated scope). */
export const customNodesTestRoutes: FastifyPluginAsyncZod<CustomNodesTestRoutesOptions> = async (
  app,
  { service },
) => {
  app.post(
    '/custom-nodes/test',
    {
      bodyLimit: customNodeBodyLimit,
      schema: {
        tags: ['Conectores personalizados'],
        security: bearerSecurity,
        summary:
          'Executa o handler de um conector (não salvo) com uma mensagem e parâmetros de exemplo, no mesmo sandbox dos fluxos',
        body: customNodeTestBodySchema,
        response: { 200: customNodeTestResultSchema, ...errorResponses(400, 401, 413) },
      },
    },
    async (request) => service.run(sessionOf(request).workspaceId, request.body),
  );
};
