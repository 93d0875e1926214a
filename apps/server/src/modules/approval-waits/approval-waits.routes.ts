import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  approvalRequestDecisionSchema,
  approvalRequestPageSchema,
} from '@ponte/shared/approval-requests.schema';
import { errorResponses, publicSecurity } from '../../lib/route-schemas';
import { sendPublicPage } from '../forms/forms-public.routes';
import type { ApprovalWaitsService } from './approval-waits.service';

const tags = ['Aprovações'];
/** The link's id and its signature, base64url (a malformed token is an unknown link: 404). */
const tokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_.-]{16,120}$/) });

/**
 * The link of an 'Aguardar aprovação' approver, without a session (docs/adr/0115): the page
 * (the web app's approval entry), what it shows, and the one answer. Mounted at /engine.
 */
export const approvalWaitsPublicRoutes: FastifyPluginAsyncZod<{
  service: ApprovalWaitsService;
  webDist: string;
}> = async (app, { service, webDist }) => {
  app.get(
    '/approval-requests/:token',
    {
      schema: {
        tags,
        summary: 'A página de aprovação de uma pessoa',
        security: publicSecurity,
        params: tokenParams,
      },
    },
    async (_request, reply) => sendPublicPage(reply, webDist, 'approval.html'),
  );

  app.get(
    '/approval-requests/:token/details',
    {
      schema: {
        tags,
        summary: 'O que a página mostra: título, texto, dados, campos e a situação do link',
        security: publicSecurity,
        params: tokenParams,
        response: { 200: approvalRequestPageSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.details(request.params.token);
    },
  );

  app.post(
    '/approval-requests/:token/decision',
    {
      schema: {
        tags,
        summary:
          'Aprova ou rejeita pelo link, uma vez: a decisão que basta faz a execução continuar',
        security: publicSecurity,
        params: tokenParams,
        body: approvalRequestDecisionSchema,
        response: { 200: approvalRequestPageSchema, ...errorResponses(400, 404, 409, 410, 503) },
      },
    },
    async (request) => service.decide(request.params.token, request.body),
  );
};
