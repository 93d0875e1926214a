import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ssoProviderBodySchema,
  ssoProviderCreateBodySchema,
  ssoProviderListSchema,
  ssoProviderSchema,
  ssoSettingsBodySchema,
  ssoSettingsSchema,
  ssoSignInOptionsSchema,
} from '@ponte/shared/sso.schema';
import { messages } from '@ponte/shared/messages';
import { roleDenied } from '../../lib/app-error';
import { sessionOf } from '../../plugins/auth';
import {
  bearerSecurity,
  errorResponses,
  idParamsSchema,
  publicSecurity,
} from '../../lib/route-schemas';
import type { SsoProvidersService } from './sso-providers.service';
import { SsoFailure } from './sso-failure';
import { stateTtlMs, type SsoSignIn } from './sso-sign-in.service';

export interface SsoRoutesOptions {
  providers: SsoProvidersService;
  signIn: SsoSignIn;
  /** PONTE_PUBLIC_URL or the request's own address. */
  publicUrl: (request: FastifyRequest) => string;
}

const tags = ['Login único (SSO)'];

/** The cookie that binds a sign-in's state to the browser that started it. */
const stateCookie = 'ponte_sso_state';
const cookiePath = '/account/v1/sso/';

function cookieOf(request: FastifyRequest): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === stateCookie) return decodeURIComponent(value.join('='));
  }
  return null;
}

function setStateCookie(reply: FastifyReply, value: string, secure: boolean, maxAge: number) {
  reply.header(
    'set-cookie',
    `${stateCookie}=${encodeURIComponent(value)}; Path=${cookiePath}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
  );
}

/** The sign-in page with the reason of a failed SSO sign-in. */
const failedAt = (slug: string, failure: SsoFailure) =>
  `/conta/entrar?sso_erro=${failure.code}&sso=${encodeURIComponent(slug)}`;

const slugParamsSchema = z.object({ slug: z.string().min(1).max(40) });
const callbackQuerySchema = z
  .looseObject({
    code: z.string().max(4000).optional(),
    state: z.string().max(200).optional(),
    error: z.string().max(200).optional(),
  })
  .describe('O retorno do provedor (code e state, ou error)');
const redirect = z.null().describe('Redireciona o navegador');

/** Mounted at /api/v1: the instance's providers, for its owner. */
export const ssoSettingsRoutes: FastifyPluginAsyncZod<SsoRoutesOptions> = async (
  app,
  { providers, publicUrl },
) => {
  const security = bearerSecurity;
  // Providers and the password policy hold for every workspace of the instance: its owner (the
  // first account) decides them, not the owner of one workspace (docs/adr/0108).
  app.addHook('preHandler', async (request) => {
    if (!sessionOf(request).isOwner) throw roleDenied(messages.sso.instanceOwnerOnly);
  });
  app.get(
    '/sso/providers',
    {
      schema: {
        tags,
        security,
        summary: 'Lista os provedores OpenID Connect da instância (nunca o client secret)',
        response: { 200: ssoProviderListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => providers.list(publicUrl(request)),
  );

  app.post(
    '/sso/providers',
    {
      schema: {
        tags,
        security,
        summary: 'Adiciona um provedor OpenID Connect',
        body: ssoProviderCreateBodySchema,
        response: { 201: ssoProviderSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await providers.create(sessionOf(request), request.body, publicUrl(request))),
  );

  app.put(
    '/sso/providers/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Altera um provedor; sem client secret, o guardado continua',
        params: idParamsSchema,
        body: ssoProviderBodySchema,
        response: { 200: ssoProviderSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      providers.update(sessionOf(request), request.params.id, request.body, publicUrl(request)),
  );

  app.delete(
    '/sso/providers/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Remove um provedor',
        params: idParamsSchema,
        response: { 204: z.null().describe('Removido'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await providers.remove(request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/sso/settings',
    {
      schema: {
        tags,
        security,
        summary: 'Desativa ou reativa o login com senha (o proprietário da instância o mantém)',
        body: ssoSettingsBodySchema,
        response: { 200: ssoSettingsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => providers.setSettings(request.body),
  );
};

/** Mounted at /account/v1: the sign-in page's buttons, the start and the provider's return. */
export const ssoSignInRoutes: FastifyPluginAsyncZod<SsoRoutesOptions> = async (
  app,
  { providers, signIn, publicUrl },
) => {
  app.get(
    '/sso/providers',
    {
      schema: {
        tags,
        summary: 'Os provedores de login único da página de entrada e se o login com senha vale',
        security: publicSecurity,
        response: { 200: ssoSignInOptionsSchema },
      },
    },
    async () => signIn.options(!(await providers.passwordSignInRefused())),
  );

  app.get(
    '/sso/:slug/start',
    {
      schema: {
        tags,
        summary: 'Começa o login único: leva o navegador ao provedor',
        security: publicSecurity,
        params: slugParamsSchema,
        response: { 302: redirect },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      try {
        const base = publicUrl(request);
        const { location, state } = await signIn.start(slug, base);
        setStateCookie(reply, state, base.startsWith('https:'), stateTtlMs / 1000);
        return reply.redirect(location, 302);
      } catch (error) {
        if (!(error instanceof SsoFailure)) throw error;
        return reply.redirect(failedAt(slug, error), 302);
      }
    },
  );

  app.get(
    '/sso/:slug/callback',
    {
      schema: {
        tags,
        summary: 'Retorno do provedor: abre a sessão e leva o navegador para /auth',
        security: publicSecurity,
        params: slugParamsSchema,
        querystring: callbackQuerySchema,
        response: { 302: redirect },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const base = publicUrl(request);
      const returned = new URLSearchParams(request.url.split('?')[1] ?? '');
      // The state is spent either way: the cookie goes.
      setStateCookie(reply, '', base.startsWith('https:'), 0);
      try {
        const token = await signIn.finish(slug, returned, cookieOf(request), base, request.ip);
        return reply.redirect(`/auth?token=${encodeURIComponent(token)}`, 302);
      } catch (error) {
        if (!(error instanceof SsoFailure)) throw error;
        return reply.redirect(failedAt(slug, error), 302);
      }
    },
  );
};
