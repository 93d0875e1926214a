import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  meSchema,
  passwordChangeBodySchema,
  profileBodySchema,
  tokenResponseSchema,
  userCreateBodySchema,
  userSchema,
} from '@ponte/shared/account.schema';
import { sessionOf } from '../../plugins/auth';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas';
import type { SessionTokens } from '../auth/sessions';
import type { UsersService } from './users.service';

export interface UsersRoutesOptions {
  service: UsersService;
  tokens: SessionTokens;
}

const tags = ['Usuários'];

/** Mounted at /api/v1 (authenticated scope): the signed-in user. */
export const userApiRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (
  app,
  { service, tokens },
) => {
  app.get(
    '/users/me',
    {
      schema: {
        tags,
        summary: 'Usuário da sessão e seu cliente',
        security: bearerSecurity,
        response: { 200: meSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.me(sessionOf(request)),
  );

  app.put(
    '/users/me',
    {
      schema: {
        tags,
        summary: 'Altera o nome do usuário',
        security: bearerSecurity,
        body: profileBodySchema,
        response: { 200: meSchema, ...errorResponses(400, 401, 413) },
      },
    },
    async (request) => service.updateProfile(sessionOf(request), request.body.name),
  );

  app.put(
    '/users/me/password',
    {
      schema: {
        tags,
        summary: 'Troca a senha; sessões anteriores deixam de valer',
        security: bearerSecurity,
        body: passwordChangeBodySchema,
        response: { 200: tokenResponseSchema, ...errorResponses(400, 401, 413) },
      },
    },
    async (request) => ({ token: await service.changePassword(sessionOf(request), request.body) }),
  );

  app.put(
    '/users/refresh',
    {
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
};

/** Mounted at /account/v1: the owner adds people to the current workspace. */
export const userAccountRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (
  app,
  { service },
) => {
  app.post(
    '/users',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: 'Adiciona um usuário ao workspace atual (apenas o proprietário)',
        security: bearerSecurity,
        body: userCreateBodySchema,
        response: { 201: userSchema, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.addUser(sessionOf(request), request.body)),
  );
};
