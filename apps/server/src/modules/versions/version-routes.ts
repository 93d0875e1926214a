import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  versionListQuerySchema,
  versionListSchema,
  versionParamsSchema,
  versionRestoreBodySchema,
  versionSchema,
  versionEtag,
  type VersionedKind,
  type VersionRestoreBody,
} from '@ponte/shared/versions.schema';
import { idParamsSchema, bearerSecurity, errorResponses } from '../../lib/route-schemas';
import { messages } from '@ponte/shared/messages';
import { sessionOf } from '../../plugins/auth';
import type { SaveStamp, VersionedState, VersionsService } from './versions.service';

type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

/** What a versioned resource gives its history routes. */
export interface VersionedResource<S extends z.ZodType> {
  kind: VersionedKind;
  /** The resource's path with `:id`, e.g. '/flows/:id'. */
  path: string;
  tags: string[];
  /** Its response schema (what a restore answers). */
  response: S;
  versions: VersionsService;
  /** Its current version and document; a 404 when the workspace has no such resource. */
  state: (workspaceId: string, id: string) => Promise<VersionedState>;
  /**
   * Saves `document` (a version's) as the resource's new version, with the resource's own
   * save rules, stamped as restored.
   */
  restore: (
    workspaceId: string,
    id: string,
    document: unknown,
    stamp: SaveStamp,
    request: FastifyRequest,
  ) => Promise<z.input<S>>;
}

/**
 * `GET <path>/versions`, `GET <path>/versions/{number}` and
 * `POST <path>/versions/{number}/restore` of a versioned resource (docs/adr/0103).
 */
export function versionRoutes<S extends z.ZodType>(app: RouteApp, resource: VersionedResource<S>) {
  const { kind, path, tags, versions } = resource;
  const security = bearerSecurity;
  const owner = (workspaceId: string, resourceId: string) => ({ workspaceId, kind, resourceId });

  app.get(
    `${path}/versions`,
    {
      schema: {
        tags,
        security,
        summary: 'Histórico de versões (a mais nova primeiro)',
        params: idParamsSchema,
        querystring: versionListQuerySchema,
        response: { 200: versionListSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { workspaceId } = sessionOf(request);
      const { id } = request.params;
      const state = await resource.state(workspaceId, id);
      const { page, limit } = request.query;
      return versions.list(owner(workspaceId, id), state, page, limit);
    },
  );

  app.get(
    `${path}/versions/:number`,
    {
      schema: {
        tags,
        security,
        summary: 'Uma versão, com o documento inteiro',
        params: versionParamsSchema,
        response: { 200: versionSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { workspaceId } = sessionOf(request);
      const { id, number } = request.params;
      const state = await resource.state(workspaceId, id);
      return versions.get(owner(workspaceId, id), state, number);
    },
  );

  app.post(
    `${path}/versions/:number/restore`,
    {
      schema: {
        tags,
        security,
        summary: 'Restaura uma versão: ela vira a atual, como uma versão nova',
        params: versionParamsSchema,
        body: versionRestoreBodySchema,
        response: {
          200: resource.response as z.ZodType,
          ...errorResponses(400, 401, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const { workspaceId, userId } = sessionOf(request);
      const { id, number } = request.params;
      const body = request.body as VersionRestoreBody;
      const state = await resource.state(workspaceId, id);
      const version = await versions.get(owner(workspaceId, id), state, number);
      const stamp: SaveStamp = {
        userId,
        based: body.version,
        message: body.message?.trim() || messages.versions.restoredMessage(number),
        restoredFrom: number,
      };
      const restored = await resource.restore(workspaceId, id, version.document, stamp, request);
      const current = (restored as { version?: unknown }).version;
      if (typeof current === 'number') void reply.header('etag', versionEtag(current));
      return restored;
    },
  );
}
