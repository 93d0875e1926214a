import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { oauthAppAccountTypes, oauthAppProviders } from '@ponte/shared/oauth-apps.schema';
import {
  accountAuthorizeBodySchema,
  accountAuthorizeResponseSchema,
  authorizationUrlSchema,
  oauth2TokenBodySchema,
  serviceAccountSchema,
  type ServiceAccount,
} from '@ponte/shared/service-accounts.schema';
import {
  oauthProvidersSchema,
  oauthReturnQuerySchema,
} from '@ponte/shared/service-accounts-oauth.schema';
import { sessionOf } from '../../../plugins/auth';
import {
  bearerSecurity,
  errorResponses,
  idParamsSchema,
  publicSecurity,
} from '../../../lib/route-schemas';
import { oauthAppsRoutes } from './oauth-apps.routes';
import type { OAuthAppsService } from './oauth-apps.service';
import type { OAuthClients } from './oauth-clients';
import { returnPath, type OAuth2Service } from './oauth2.service';
import type { ProviderLookups } from './provider-lookups';
import { providerLookupsRoutes } from './provider-lookups.routes';
import { configuredProviders } from './providers';

const tags = ['Contas de serviço'];
const security = bearerSecurity;

export interface OAuth2RoutesOptions {
  service: OAuth2Service;
  lookups: ProviderLookups;
  apps: OAuthAppsService;
  clients: Pick<OAuthClients, 'configured'>;
  /** The service-accounts service: the finished account is answered as it presents it. */
  accounts: { get(workspaceId: string, id: string): Promise<ServiceAccount> };
  /** PONTE_PUBLIC_URL or the request's own address. */
  publicUrl: (request: FastifyRequest) => string;
}

const callerOf = (request: FastifyRequest, publicUrl: (request: FastifyRequest) => string) => {
  const session = sessionOf(request);
  return { workspaceId: session.workspaceId, userId: session.userId, baseUrl: publicUrl(request) };
};

/** Mounted at /api/v1 (authenticated scope). */
export const oauth2ApiRoutes: FastifyPluginAsyncZod<OAuth2RoutesOptions> = async (app, options) => {
  const { service, lookups, accounts, publicUrl, apps, clients } = options;

  app.get(
    '/service-accounts/oauth2/providers',
    {
      schema: {
        tags,
        security,
        summary: 'Quais provedores OAuth2 (Trello, Slack, Google) este Ponte pode autorizar',
        response: { 200: oauthProvidersSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const workspaceId = sessionOf(request).workspaceId;
      const set = new Set<string>();
      for (const provider of oauthAppProviders)
        if (await clients.configured(workspaceId, provider))
          set.add(oauthAppAccountTypes[provider]);
      return { providers: configuredProviders(set, publicUrl(request)) };
    },
  );

  // The spec's address ends with a slash; the one without it answers too, but the document
  // lists each operation once (ADR 0083).
  for (const path of [
    '/service-accounts/:id/oauth2/authorize/',
    '/service-accounts/:id/oauth2/authorize',
  ]) {
    app.get(
      path,
      {
        schema: {
          hide: path.endsWith('authorize'),
          tags,
          security,
          summary: 'URL de autorização de uma conta OAuth2 (o navegador vai até ela)',
          params: idParamsSchema,
          response: { 200: authorizationUrlSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => ({
        authorization_url: await service.authorizationUrl(
          callerOf(request, publicUrl),
          request.params.id,
        ),
      }),
    );
  }

  app.put(
    '/service-accounts/:id/oauth2/token',
    {
      schema: {
        tags,
        security,
        summary: 'Finaliza a autorização com os dados de retorno e o state',
        params: idParamsSchema,
        body: oauth2TokenBodySchema,
        response: { 200: serviceAccountSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = callerOf(request, publicUrl);
      await service.finish(caller, request.params.id, request.body);
      return accounts.get(caller.workspaceId, request.params.id);
    },
  );

  await app.register(providerLookupsRoutes, { lookups });
  await app.register(oauthAppsRoutes, { apps, publicUrl });
};

/** Mounted at /account/v1: the authorisation of provider types, and the providers' return. */
export const oauth2AccountRoutes: FastifyPluginAsyncZod<OAuth2RoutesOptions> = async (
  app,
  { service, publicUrl },
) => {
  app.post(
    '/service-accounts/oauth2/authorize/:id',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        security,
        summary: 'URL de autorização de uma conta Trello, Slack ou Google',
        params: idParamsSchema,
        body: accountAuthorizeBodySchema,
        response: { 200: accountAuthorizeResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    // The workspace is the session's; the body's workspace_id is not believed.
    async (request) => ({
      authorize_url: await service.authorizationUrl(
        callerOf(request, publicUrl),
        request.params.id,
      ),
    }),
  );

  app.get(
    returnPath.replace('/account/v1', ''),
    {
      schema: {
        tags,
        summary: 'Retorno do provedor OAuth2: leva o navegador para /oauth2/callback',
        security: publicSecurity,
        querystring: oauthReturnQuerySchema,
      },
    },
    async (request, reply) =>
      reply.redirect(service.returnLocation(publicUrl(request), request.query), 302),
  );
};
