import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { versionEtag } from '@ponte/shared/versions.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../plugins/auth';
import { bearerSecurity, errorResponses, idParamsSchema } from '../route-schemas';
import type { WithinGroups } from './named-table';

/** The app a route plugin of the workspace API receives (zod schemas, bearer session). */
type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

/** What the OpenAPI document says of a route: its tags and its pt-BR summary. */
interface RouteDoc {
  tags: string[];
  summary: string;
}

/**
 * A versioned resource's answer carries its version as its `ETag` (docs/adr/0103), which an
 * update's `If-Match` gives back; a custom connector's is its `revision` (docs/adr/0104).
 */
function tagged<T>(reply: FastifyReply, resource: T): T {
  const answer = resource as { version?: unknown; revision?: unknown } | null;
  const version = answer?.revision ?? answer?.version;
  if (typeof version === 'number') void reply.header('etag', versionEtag(version));
  return resource;
}

/** A route of one resource of the workspace, `:id` in its path: a 404 when it has none. */
const byId = <A extends Record<number, z.ZodType>>({ tags, summary }: RouteDoc, answer: A) => ({
  schema: {
    tags,
    security: bearerSecurity,
    summary,
    params: idParamsSchema,
    response: { ...answer, ...errorResponses(401, 404) },
  },
});

/** `GET <path>`: the page `list` answers for the session's workspace and the query. */
export function listRoute<Q extends z.ZodType, S extends z.ZodType>(
  app: RouteApp,
  path: string,
  doc: RouteDoc & {
    querystring: Q;
    response: S;
    /** The query, with the caller's groups when they are limited to some (docs/adr/0109). */
    list: (workspaceId: string, query: z.output<Q> & WithinGroups) => Promise<z.input<S>>;
  },
) {
  const { tags, summary, querystring, response } = doc;
  app.get(
    path,
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary,
        querystring,
        response: { 200: response as z.ZodType, ...errorResponses(401) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const query = request.query as z.output<Q> & object;
      return doc.list(session.workspaceId, { ...query, within: session.groupIds });
    },
  );
}

/** What a route that takes a body says: its schemas, its error answers, its body limit. */
interface BodyDoc<B extends z.ZodType, S extends z.ZodType> extends RouteDoc {
  body: B;
  response: S;
  errors: readonly number[];
  bodyLimit?: number;
}

/** The options of a route that takes a body (`bodyLimit` only when the area sets one). */
const withBody = ({ tags, summary, body, bodyLimit }: BodyDoc<z.ZodType, z.ZodType>) => ({
  ...(bodyLimit ? { bodyLimit } : {}),
  schema: { tags, security: bearerSecurity, summary, body },
});

/**
 * `POST <path>`: 201 and the resource `create` made in the session's workspace from the body.
 * `errors` are the area's error answers; `bodyLimit` a larger body than the server's default.
 */
export function createRoute<B extends z.ZodType, S extends z.ZodType>(
  app: RouteApp,
  path: string,
  doc: BodyDoc<B, S> & {
    /** `request` for an area that needs more of it (the public address). */
    create: (
      workspaceId: string,
      body: z.output<B>,
      request: FastifyRequest,
    ) => Promise<z.input<S>>;
  },
) {
  const { schema, ...limit } = withBody(doc);
  const response = { 201: doc.response as z.ZodType, ...errorResponses(...doc.errors) };
  app.post(path, { ...limit, schema: { ...schema, response } }, async (request, reply) => {
    const { workspaceId } = sessionOf(request);
    const created = await doc.create(workspaceId, request.body as z.output<B>, request);
    return reply.code(201).send(tagged(reply, created));
  });
}

/**
 * `PUT <path>` (`:id` in it): the workspace's resource as `update` saved it from the body.
 * `errors` are the area's error answers; `bodyLimit` a larger body than the server's default.
 */
export function updateRoute<B extends z.ZodType, S extends z.ZodType>(
  app: RouteApp,
  path: string,
  doc: BodyDoc<B, S> & {
    update: (
      workspaceId: string,
      id: string,
      body: z.output<B>,
      request: FastifyRequest,
    ) => Promise<z.input<S>>;
  },
) {
  const { schema, ...limit } = withBody(doc);
  const response = { 200: doc.response as z.ZodType, ...errorResponses(...doc.errors) };
  app.put(
    path,
    { ...limit, schema: { ...schema, params: idParamsSchema, response } },
    async (request, reply) =>
      tagged(
        reply,
        await doc.update(
          sessionOf(request).workspaceId,
          request.params.id,
          request.body as z.output<B>,
          request,
        ),
      ),
  );
}

/** `GET <path>` (`:id` in it): what `read` answers of the workspace's resource. */
export function readRoute<S extends z.ZodType>(
  app: RouteApp,
  path: string,
  doc: RouteDoc & {
    response: S;
    read: (workspaceId: string, id: string) => Promise<z.input<S>>;
  },
) {
  app.get(path, byId(doc, { 200: doc.response as z.ZodType }), async (request, reply) =>
    tagged(reply, await doc.read(sessionOf(request).workspaceId, request.params.id)),
  );
}

/** `POST <path>` (`:id` in it): 201 and the copy the area made of the workspace's resource. */
export function duplicateRoute<S extends z.ZodType>(
  app: RouteApp,
  path: string,
  doc: RouteDoc & {
    response: S;
    duplicate: (workspaceId: string, id: string, request: FastifyRequest) => Promise<z.input<S>>;
  },
) {
  app.post(path, byId(doc, { 201: doc.response as z.ZodType }), async (request, reply) =>
    reply
      .code(201)
      .send(await doc.duplicate(sessionOf(request).workspaceId, request.params.id, request)),
  );
}

/**
 * `DELETE <path>` (`:id` in it): 204 once the area removed the workspace's resource.
 * `removed` is the document's word ('Removido', 'Removida').
 */
export function removeRoute(
  app: RouteApp,
  path: string,
  doc: RouteDoc & {
    removed: 'Removido' | 'Removida';
    remove: (workspaceId: string, id: string, request: FastifyRequest) => Promise<void>;
  },
) {
  app.delete(path, byId(doc, { 204: z.null().describe(doc.removed) }), async (request, reply) => {
    await doc.remove(sessionOf(request).workspaceId, request.params.id, request);
    return reply.code(204).send(null);
  });
}
