import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { flowIssueSchema } from '@ponte/shared/flow/flow-validator';
import { nodeLibrarySchema } from '@ponte/shared/flow/node-manifest.schema';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas';
import { sessionOf } from '../../plugins/auth';
import type { EngineService } from './engine.service';

export interface EngineRoutesOptions {
  service: EngineService;
}

const tags = ['Engine'];
const security = bearerSecurity;

const validatorResponseSchema = z.object({
  isValid: z.boolean(),
  errors: z.array(flowIssueSchema),
});

/** Mounted at /engine (authenticated scope). */
export const engineRoutes: FastifyPluginAsyncZod<EngineRoutesOptions> = async (
  app,
  { service },
) => {
  app.get(
    '/library',
    {
      schema: {
        tags,
        security,
        summary:
          'A biblioteca de conectores: a versão mais nova de cada tipo e as versões anteriores ainda usadas',
        response: { 200: nodeLibrarySchema, ...errorResponses(401) },
      },
    },
    async (request) => service.library(sessionOf(request).workspaceId),
  );

  app.post(
    '/schema-validator/flow-data',
    {
      schema: {
        tags,
        security,
        summary:
          'Valida um arquivo de fluxo exportado: isValid é falso quando a estrutura não pode ser importada',
        body: z.unknown(),
        response: { 200: validatorResponseSchema, ...errorResponses(401, 413) },
      },
    },
    async (request) => service.validate(sessionOf(request).workspaceId, request.body),
  );
};
