import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { editorRunBodySchema, lastTriggerMessageSchema } from '@ponte/shared/execution-data.schema';
import { bearerSecurity, errorResponses, idSchema } from '../../lib/route-schemas';
import { sessionOf } from '../../plugins/auth';
import type { EditorRunService } from './editor-run.service';

export interface EditorRunRoutesOptions {
  service: EditorRunService;
}

const tags = ['Engine'];
const security = bearerSecurity;

/** Mounted at /engine (authenticated scope): the editor's runs (docs/adr/0089). */
export const editorRunRoutes: FastifyPluginAsyncZod<EditorRunRoutesOptions> = async (
  app,
  { service },
) => {
  app.post(
    '/flow/editor-run/:flowId',
    {
      schema: {
        tags,
        security,
        summary:
          "Executa o documento do editor até um conector ('Executar até aqui') ou só esse conector ('Executar este conector')",
        params: z.object({ flowId: idSchema }),
        body: editorRunBodySchema,
        response: {
          200: z.object({ success: z.literal(true), execution_id: z.string() }),
          ...errorResponses(400, 401, 404, 413, 429),
        },
      },
    },
    async (request) => {
      const { workspaceId } = sessionOf(request);
      const execution_id = await service.run(workspaceId, request.params.flowId, request.body);
      return { success: true as const, execution_id };
    },
  );

  app.get(
    '/flow/last-trigger-message/:flowId/:nodeUid',
    {
      schema: {
        tags,
        security,
        summary:
          'A última mensagem guardada de um gatilho do flow (a última requisição de um webhook)',
        params: z.object({ flowId: idSchema, nodeUid: idSchema }),
        response: { 200: lastTriggerMessageSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) =>
      service.lastTriggerMessage(
        sessionOf(request).workspaceId,
        request.params.flowId,
        request.params.nodeUid,
      ),
  );
};
