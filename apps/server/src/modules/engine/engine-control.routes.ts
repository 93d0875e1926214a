import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { engineStatusSchema } from '@ponte/shared/monitoring.schema';
import { messages } from '@ponte/shared/messages';
import { sessionOf } from '../../plugins/auth';
import { notFound } from '../../lib/app-error';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas';
import type { ExecutionRunner } from '../executions/execution-runner';

export interface EngineControlOptions {
  runner: ExecutionRunner;
  /** Schedules active for the workspace. */
  scheduledJobs: (workspaceId: string) => number;
  /** Reloads the workspace's triggers (webhooks, schedules). */
  reloadTriggers: (workspaceId: string) => Promise<void>;
  /** Ends the workspace's debug sessions: a restart leaves nothing paused. */
  stopDebugSessions?: (workspaceId: string) => void;
  /** The public address of Ponte for this request (PONTE_PUBLIC_URL or the request's). */
  publicUrl?: (request: FastifyRequest) => string;
}

const tags = ['Engine'];
const security = bearerSecurity;

/**
 * Mounted at /engine (authenticated scope). Status, stop and restart act on the caller's
 * workspace only: one workspace never stops another's executions.
 */
export const engineControlRoutes: FastifyPluginAsyncZod<EngineControlOptions> = async (
  app,
  options,
) => {
  app.get(
    '/status',
    {
      schema: {
        tags,
        security,
        summary: 'Estado do engine para o workspace',
        response: { 200: engineStatusSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { workspaceId } = sessionOf(request);
      return {
        running: true,
        scheduled_jobs: options.scheduledJobs(workspaceId),
        running_flows_count: (await options.runner.repository.running(workspaceId)).length,
        // Internal queues arrive with their own area.
        queues: { registered_queues: 0 },
        endpoint: `${options.publicUrl?.(request) ?? `${request.protocol}://${request.host}`}/engine`,
      };
    },
  );

  app.post(
    '/stop-execution',
    {
      schema: {
        tags,
        security,
        summary: 'Interrompe uma execução em andamento',
        body: z.object({ execution_id: z.string().min(1) }),
        response: { 200: z.object({ success: z.literal(true) }), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const stopped = await options.runner.stop(
        sessionOf(request).workspaceId,
        request.body.execution_id,
      );
      if (!stopped) throw notFound(messages.engine.executionNotRunning);
      return { success: true as const };
    },
  );

  app.get(
    '/stop-execution/restart',
    {
      schema: {
        tags,
        security,
        summary: 'Reinicia o engine do workspace: interrompe as execuções e recarrega os gatilhos',
        response: {
          200: z.object({ success: z.literal(true), stopped_executions: z.number().int() }),
          ...errorResponses(401),
        },
      },
    },
    async (request) => {
      const { workspaceId } = sessionOf(request);
      options.stopDebugSessions?.(workspaceId);
      const stopped = await options.runner.stopAll(workspaceId);
      await options.reloadTriggers(workspaceId);
      return { success: true as const, stopped_executions: stopped };
    },
  );
};
