import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tokenResponseSchema } from '@ponte/shared/account.schema';
import {
  invitationAcceptBodySchema,
  invitationJoinBodySchema,
  invitationBodySchema,
  invitationCreatedSchema,
  invitationListSchema,
  invitationPreviewSchema,
} from '@ponte/shared/members.schema';
import { sessionOf } from '../../plugins/auth';
import {
  bearerSecurity,
  errorResponses,
  idParamsSchema,
  idSchema,
  publicSecurity,
} from '../../lib/route-schemas';
import type { InvitationsService } from './invitations.service';

const tags = ['Membros'];

export interface InvitationsRoutesOptions {
  service: InvitationsService;
  /** The web app's address for this request: the link's base. */
  publicBase: (request: FastifyRequest) => string;
}

/** Mounted at /api/v1: who manages members invites (`members.access.ts`). */
export const invitationsRoutes: FastifyPluginAsyncZod<InvitationsRoutesOptions> = async (
  app,
  { service, publicBase },
) => {
  app.get(
    '/members/invitations',
    {
      schema: {
        tags,
        summary: 'Convites por link ainda abertos (nunca o link) e se o envio por e-mail existe',
        security: bearerSecurity,
        response: { 200: invitationListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => service.list(sessionOf(request)),
  );

  app.post(
    '/members/invitations',
    {
      schema: {
        tags,
        summary:
          'Cria um convite por link com um papel (o link vem só nesta resposta); com `email`, envia o link por e-mail pelo SMTP da instância',
        security: bearerSecurity,
        body: invitationBodySchema,
        response: { 201: invitationCreatedSchema, ...errorResponses(400, 401, 403, 502) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.create(sessionOf(request), request.body, publicBase(request))),
  );

  app.delete(
    '/members/invitations/:id',
    {
      schema: {
        tags,
        summary: 'Revoga um convite: o link deixa de valer',
        security: bearerSecurity,
        params: idParamsSchema,
        response: { 204: z.null().describe('Revogado'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.revoke(sessionOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};

const tokenParams = z.object({ token: idSchema });

/** Mounted at /account/v1: the invited person, without a session. */
export const invitationAcceptRoutes: FastifyPluginAsyncZod<{
  service: InvitationsService;
}> = async (app, { service }) => {
  app.get(
    '/invitations/:token',
    {
      schema: {
        tags,
        summary: 'O convite de um link: workspace, papel e quem convidou',
        security: publicSecurity,
        params: tokenParams,
        response: { 200: invitationPreviewSchema, ...errorResponses(404) },
      },
    },
    async (request) => service.preview(request.params.token),
  );

  app.post(
    '/invitations/:token/accept',
    {
      schema: {
        tags,
        summary: 'Aceita o convite com uma conta nova; responde o token da sessão',
        security: publicSecurity,
        params: tokenParams,
        body: invitationAcceptBodySchema,
        response: { 200: tokenResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => service.accept(request.params.token, request.body, request.ip),
  );

  app.post(
    '/invitations/:token/join',
    {
      schema: {
        tags,
        summary:
          'Aceita o convite com uma conta que já existe (e-mail e senha conferidos como na entrada); responde o token da sessão no workspace',
        security: publicSecurity,
        params: tokenParams,
        body: invitationJoinBodySchema,
        response: { 200: tokenResponseSchema, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => service.join(request.params.token, request.body, request.ip),
  );
};
