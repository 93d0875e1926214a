import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../plugins/auth';
import { bearerSecurity, errorResponses, idParamsSchema } from '../route-schemas';

/** The app a route plugin of the workspace API receives (zod schemas, bearer session). */
type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

/** What the OpenAPI document says of a route: its tags and its pt-BR summary. */
interface RouteDoc {
  tags: string[];
  summary: string;
}

/**
 * `POST <path>` (`:id` in it): 201 and the copy the area made of the workspace's resource;
 * 404 when the workspace has none of that id.
 */
export function duplicateRoute<S extends z.ZodType>(
  app: RouteApp,
  path: string,
  doc: RouteDoc & {
    response: S;
    duplicate: (workspaceId: string, id: string) => Promise<z.input<S>>;
  },
) {
  app.post(
    path,
    {
      schema: {
        tags: doc.tags,
        security: bearerSecurity,
        summary: doc.summary,
        params: idParamsSchema,
        response: { 201: doc.response as z.ZodType, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await doc.duplicate(sessionOf(request).workspaceId, request.params.id)),
  );
}

/**
 * `DELETE <path>` (`:id` in it): 204 once the area removed the workspace's resource; 404 when
 * the workspace has none of that id. `removed` is the document's word ('Removido', 'Removida').
 */
export function removeRoute(
  app: RouteApp,
  path: string,
  doc: RouteDoc & {
    removed: 'Removido' | 'Removida';
    remove: (workspaceId: string, id: string) => Promise<void>;
  },
) {
  app.delete(
    path,
    {
      schema: {
        tags: doc.tags,
        security: bearerSecurity,
        summary: doc.summary,
        params: idParamsSchema,
        response: { 204: z.null().describe(doc.removed), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await doc.remove(sessionOf(request).workspaceId, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
