import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  oauthAppInputSchema,
  oauthAppParamsSchema,
  oauthAppSchema,
} from '@ponte/shared/oauth-apps.schema';
import { sessionOf } from '../../../plugins/auth';
import { bearerSecurity, errorResponses } from '../../../lib/route-schemas';
import type { OAuthAppsService } from './oauth-apps.service';

const tags = ['Contas de serviço'];
const security = bearerSecurity;

export interface OAuthAppsRoutesOptions {
  apps: OAuthAppsService;
  /** PONTE_PUBLIC_URL or the request's own address: the redirect URL to register. */
  publicUrl: (request: FastifyRequest) => string;
}

/** Mounted under /api/v1 by the OAuth2 routes: a workspace's OAuth apps (docs/adr/0093). */
export const oauthAppsRoutes: FastifyPluginAsyncZod<OAuthAppsRoutesOptions> = async (
  app,
  { apps, publicUrl },
) => {
  // A workspace's OAuth app of Slack, Google or Trello (docs/adr/0093): the secret never leaves.
  app.get(
    '/service-accounts/oauth2/apps/:provider',
    {
      schema: {
        tags,
        security,
        summary: 'O app OAuth do Slack, Google ou Trello deste workspace e a URL a cadastrar nele',
        params: oauthAppParamsSchema,
        response: { 200: oauthAppSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      apps.view(sessionOf(request).workspaceId, request.params.provider, publicUrl(request)),
  );

  app.put(
    '/service-accounts/oauth2/apps/:provider',
    {
      schema: {
        tags,
        security,
        summary: 'Configura o app OAuth do Slack, Google ou Trello deste workspace',
        params: oauthAppParamsSchema,
        body: oauthAppInputSchema,
        response: { 200: oauthAppSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      apps.save(
        sessionOf(request).workspaceId,
        request.params.provider,
        request.body,
        publicUrl(request),
      ),
  );

  app.delete(
    '/service-accounts/oauth2/apps/:provider',
    {
      schema: {
        tags,
        security,
        summary: 'Remove o app OAuth do Slack, Google ou Trello deste workspace',
        params: oauthAppParamsSchema,
        response: { 204: z.null().describe('Removido'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await apps.remove(sessionOf(request).workspaceId, request.params.provider);
      return reply.code(204).send(null);
    },
  );
};
