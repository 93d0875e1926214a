import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { engineStatusSchema } from '@ponte/shared/monitoring.schema';
import { sessionOf } from '../../plugins/auth';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas';
import type { EngineService } from './engine.service';

export interface EngineControlOptions {
  service: EngineService;
  /** The public address of Ponte for this request (PONTE_PUBLIC_URL or the request's). */
  publicUrl?: (request: FastifyRequest) => string;
  /** PONTE_LGPD_MASK (docs/adr/0122). */
  lgpdMask?: boolean;
}

const tags = ['Engine'];
const security = bearerSecurity;

/**
 * Mounted at /engine (authenticated scope). Status, stop and restart act on the caller's
 * workspace only: one workspace never stops another's executions.
 */
export const engineControlRoutes: FastifyPluginAsyncZod<EngineControlOptions> = async (
  app,
  { service, publicUrl, lgpdMask = false },
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
    async (request) => ({
      ...(await service.status(sessionOf(request).workspaceId)),
      endpoint: `${publicUrl?.(request) ?? `${request.protocol}://${request.host}`}/engine`,
      lgpd_mask: lgpdMask,
    }),
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
      await service.stopExecution(sessionOf(request).workspaceId, request.body.execution_id);
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
      const stopped = await service.restart(sessionOf(request).workspaceId);
      return { success: true as const, stopped_executions: stopped };
    },
  );
};
