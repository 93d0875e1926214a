import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, publicSecurity } from '../../lib/route-schemas';
import type { WaitLinksService } from './wait-links.service';

const tags = ['Execuções'];
const tokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,100}$/) });
const answer = z.object({ message: z.string() });
/** The query's plain text values (a repeated key is left out). */
const textsOf = (query: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries((query ?? {}) as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );

/**
 * The link of an 'Aguardar chamada', without a session (docs/adr/0114): a POST with any JSON
 * body, or a GET, resumes the waiting execution once. Mounted at /engine.
 */
export const waitLinksPublicRoutes: FastifyPluginAsyncZod<{ service: WaitLinksService }> = async (
  app,
  { service },
) => {
  app.post(
    '/resume/:token',
    {
      schema: {
        tags,
        summary: "Chama o link de um 'Aguardar chamada': a execução continua com o corpo enviado",
        security: publicSecurity,
        params: tokenParams,
        body: z.unknown().optional(),
        response: { 200: answer, ...errorResponses(400, 404, 409, 410) },
      },
    },
    async (request) =>
      service.call(request.params.token, {
        body: request.body ?? null,
        query: textsOf(request.query),
      }),
  );

  app.get(
    '/resume/:token',
    {
      schema: {
        tags,
        summary: "Chama o link de um 'Aguardar chamada' sem corpo: a execução continua",
        security: publicSecurity,
        params: tokenParams,
        response: { 200: answer, ...errorResponses(400, 404, 409, 410) },
      },
    },
    async (request) =>
      service.call(request.params.token, { body: null, query: textsOf(request.query) }),
  );
};
