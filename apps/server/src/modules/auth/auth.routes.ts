import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authenticateBodySchema,
  publicConfigSchema,
  setupBodySchema,
  setupStatusSchema,
  tokenResponseSchema,
} from '@ponte/shared/account.schema';
import { sessionOf } from '../../plugins/auth';
import { bearerSecurity, errorResponses, publicSecurity } from '../../lib/route-schemas';
import type { AuthService } from './auth.service';
import type { SessionTokens } from './sessions';

export interface AuthRoutesOptions {
  service: AuthService;
  tokens: SessionTokens;
  publicConfig: { docs_url: string | null; support_url: string | null };
}

const tags = ['Conta'];

/** Mounted at /account/v1: first run, sign-in, token refresh, sign-out, public settings. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { service, tokens, publicConfig },
) => {
  app.get(
    '/setup',
    {
      schema: {
        tags,
        summary: 'Indica se a primeira conta ainda precisa ser criada',
        security: publicSecurity,
        response: { 200: setupStatusSchema },
      },
    },
    async () => ({ needs_setup: await service.needsSetup() }),
  );

  app.post(
    '/setup',
    {
      schema: {
        tags,
        summary: 'Cria a primeira conta (proprietário, cliente e workspace)',
        security: publicSecurity,
        body: setupBodySchema,
        response: { 201: tokenResponseSchema, ...errorResponses(400, 409, 413) },
      },
    },
    async (request, reply) => reply.code(201).send({ token: await service.setup(request.body) }),
  );

  app.post(
    '/authenticate',
    {
      schema: {
        tags,
        summary: 'Entra com e-mail e senha',
        security: publicSecurity,
        body: authenticateBodySchema,
        response: { 200: tokenResponseSchema, ...errorResponses(400, 401, 413, 429) },
      },
    },
    async (request) => ({
      token: await service.authenticate(request.body.email, request.body.password, request.ip),
    }),
  );

  app.put(
    '/authenticate/refresh',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: 'Renova a sessão por mais 12 horas; o token enviado deixa de valer',
        security: bearerSecurity,
        response: { 200: tokenResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      return { token: await tokens.rotate(session, session.workspaceId) };
    },
  );

  app.post(
    '/logout',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: 'Sai: encerra a sessão do token enviado e as conexões ao vivo dela',
        security: bearerSecurity,
        response: { 204: z.null().describe('Sessão encerrada'), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await tokens.revoke(sessionOf(request).sessionId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/config',
    {
      schema: {
        tags,
        summary: 'Configurações públicas da interface',
        security: publicSecurity,
        response: { 200: publicConfigSchema },
      },
    },
    async () => publicConfig,
  );
};
