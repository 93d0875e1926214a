import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { debuggerStateSchema } from '@ponte/shared/live.schema';
import { bearerSecurity, errorResponses, idSchema } from '../../lib/route-schemas';
import { sessionOf } from '../../plugins/auth';
import type { DebuggerService } from './debugger.service';

export interface DebuggerRoutesOptions {
  service: DebuggerService;
}

const tags = ['Engine'];
const security = bearerSecurity;
const flowParams = z.object({ flowId: idSchema });

/** Mounted at /engine (authenticated scope): spec 1 §4 Debug and §7. */
export const debuggerRoutes: FastifyPluginAsyncZod<DebuggerRoutesOptions> = async (
  app,
  { service },
) => {
  const stateRoute = { 200: debuggerStateSchema, ...errorResponses(400, 401, 404) };

  app.post(
    '/flow/debugger/start-debug/:flowId',
    {
      schema: {
        tags,
        security,
        summary: 'Liga o modo de debug do flow: as próximas execuções param a cada conector',
        params: flowParams,
        response: stateRoute,
      },
    },
    async (request) => service.start(sessionOf(request).workspaceId, request.params.flowId),
  );

  app.post(
    '/flow/debugger/stop-debug/:flowId',
    {
      schema: {
        tags,
        security,
        summary: 'Desliga o modo de debug: as execuções em debug são interrompidas',
        params: flowParams,
        response: stateRoute,
      },
    },
    async (request) => service.stop(sessionOf(request).workspaceId, request.params.flowId),
  );

  app.post(
    '/flow/debugger/next-step/:flowId',
    {
      schema: {
        tags,
        security,
        summary: 'Libera a saída do conector em espera (próximo passo)',
        params: flowParams,
        response: stateRoute,
      },
    },
    async (request) => service.nextStep(sessionOf(request).workspaceId, request.params.flowId),
  );

  app.post(
    '/flow/debugger/rerun/:executionId',
    {
      schema: {
        tags,
        security,
        summary:
          'Reexecutar no debug: liga o debug do flow e executa de novo com a mensagem do gatilho da execução',
        params: z.object({ executionId: idSchema }),
        response: {
          200: z.object({ success: z.literal(true), execution_id: z.string() }),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => {
      const execution_id = await service.rerun(
        sessionOf(request).workspaceId,
        request.params.executionId,
      );
      return { success: true as const, execution_id };
    },
  );
};
