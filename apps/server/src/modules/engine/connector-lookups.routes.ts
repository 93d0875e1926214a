import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Engine } from '@ponte/engine/engine';
import { errorCodes } from '@ponte/shared/errors';
import { lookupAnswerSchema, lookupBodySchema } from '@ponte/shared/flow/node-manifest.schema';
import { AppError } from '../../lib/app-error';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas';
import { sessionOf } from '../../plugins/auth';

/** How long a picker waits for the service before it says so. */
export const lookupTimeoutMs = 30_000;

/**
 * `POST /engine/lookups`: the options of a connector param's picker (docs/adr/0092), asked
 * through an account of the caller's workspace, over the engine's ports (the network guard).
 * A refusal of the service, a missing account or a node type without that list is a 400 with
 * the pt-BR reason; nothing is stored.
 */
export const connectorLookupRoutes: FastifyPluginAsyncZod<{ engine: Engine }> = async (
  app,
  { engine },
) => {
  app.post(
    '/lookups',
    {
      schema: {
        tags: ['Engine'],
        security: bearerSecurity,
        summary: 'As opções de uma lista de escolha de um conector, pela conta de serviço',
        body: lookupBodySchema,
        response: { 200: lookupAnswerSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { type, version, lookup, service_account, params } = request.body;
      const closed = new AbortController();
      request.raw.once('close', () => closed.abort(new Error('A requisição foi encerrada.')));
      const signal = AbortSignal.any([closed.signal, AbortSignal.timeout(lookupTimeoutMs)]);
      try {
        const items = await engine.lookup({
          workspaceId: sessionOf(request).workspaceId,
          type,
          ...(version ? { version } : {}),
          lookup,
          accountId: service_account,
          params,
          signal,
        });
        return { items };
      } catch (error) {
        const message = signal.aborted
          ? `A lista não respondeu em ${lookupTimeoutMs / 1000} s.`
          : error instanceof Error
            ? error.message
            : String(error);
        throw new AppError(400, errorCodes.lookupFailed, message);
      }
    },
  );
};
