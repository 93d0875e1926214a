import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { debuggerStateSchema } from '@ponte/shared/live.schema';
import { messages } from '@ponte/shared/messages';
import type { Database } from '../../db/client';
import { invalidField, notFound } from '../../lib/app-error';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas';
import { sessionOf } from '../../plugins/auth';
import type { ExecutionRunner } from '../executions/execution-runner';
import type { DebugSessions } from './debug-sessions';
import { findFlowInWorkspace } from './flow-lookup';

export interface DebuggerRoutesOptions {
  db: Database;
  runner: ExecutionRunner;
  debugSessions: DebugSessions;
}

const m = messages.debugger;
const tags = ['Engine'];
const security = bearerSecurity;
const flowParams = z.object({ flowId: z.string().min(1) });

/** Mounted at /engine (authenticated scope): spec 1 §4 Debug and §7. */
export const debuggerRoutes: FastifyPluginAsyncZod<DebuggerRoutesOptions> = async (
  app,
  { db, runner, debugSessions },
) => {
  const flowOf = async (workspaceId: string, flowId: string) => {
    const flow = await findFlowInWorkspace(db, workspaceId, flowId);
    if (!flow) throw notFound(messages.engine.flowNotFound);
    return flow;
  };

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
    async (request) => {
      const { workspaceId } = sessionOf(request);
      await flowOf(workspaceId, request.params.flowId);
      return debugSessions.start(workspaceId, request.params.flowId);
    },
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
    async (request) => {
      const { workspaceId } = sessionOf(request);
      await flowOf(workspaceId, request.params.flowId);
      return debugSessions.stop(workspaceId, request.params.flowId);
    },
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
    async (request) => {
      const { workspaceId } = sessionOf(request);
      const { flowId } = request.params;
      // Continue calls this every 200 ms: the flow is read only when there is no session.
      if (!debugSessions.isActive(workspaceId, flowId)) await flowOf(workspaceId, flowId);
      const outcome = debugSessions.nextStep(workspaceId, flowId);
      if (outcome === 'no-session') throw invalidField('flow', m.notActive);
      if (outcome === 'nothing-held') throw invalidField('flow', m.nothingHeld);
      return debugSessions.state(workspaceId, flowId);
    },
  );

  app.post(
    '/flow/debugger/rerun/:executionId',
    {
      schema: {
        tags,
        security,
        summary:
          'Reexecutar no debug: liga o debug do flow e executa de novo com a mensagem do gatilho da execução',
        params: z.object({ executionId: z.string().min(1) }),
        response: {
          200: z.object({ success: z.literal(true), execution_id: z.string() }),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => {
      const { workspaceId } = sessionOf(request);
      const past = await runner.repository.findInWorkspace(workspaceId, request.params.executionId);
      if (!past) throw notFound(m.executionNotFound);
      if (!past.triggerMsg) throw invalidField('execution_id', m.messageNotKept);
      const flow = await flowOf(workspaceId, past.flowId);
      const nodes = flow.data.nodes;
      if (!nodes.some((node) => node.uid === past.triggerNodeUid))
        throw invalidField('execution_id', m.triggerGone);
      await debugSessions.start(workspaceId, past.flowId);
      const { execution_id } = await runner.enqueue({
        workspaceId,
        flowId: past.flowId,
        triggerNodeUid: past.triggerNodeUid,
        msg: past.triggerMsg,
      });
      return { success: true as const, execution_id };
    },
  );
};
