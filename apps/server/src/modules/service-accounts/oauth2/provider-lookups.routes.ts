import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  lookupListSchema,
  trelloCustomFieldListSchema,
} from '@ponte/shared/service-accounts-oauth.schema';
import { sessionOf } from '../../../plugins/auth';
import {
  bearerSecurity,
  errorResponses,
  idParamsSchema,
  idSchema,
} from '../../../lib/route-schemas';
import type { ProviderLookups } from './provider-lookups';

const tags = ['Contas de serviço'];
const security = bearerSecurity;
const boardParams = z.object({ id: idSchema, boardId: idSchema });

/** The helper lookups of spec 2 §7 (the first id is the account); inside /api/v1. */
export const providerLookupsRoutes: FastifyPluginAsyncZod<{ lookups: ProviderLookups }> = async (
  app,
  { lookups },
) => {
  app.get(
    '/service-accounts/trello/boards/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Quadros do Trello da conta',
        params: idParamsSchema,
        response: { 200: lookupListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => lookups.trelloBoards(sessionOf(request).workspaceId, request.params.id),
  );

  app.get(
    '/service-accounts/trello/boards/:id/lists/:boardId',
    {
      schema: {
        tags,
        security,
        summary: 'Listas de um quadro do Trello',
        params: boardParams,
        response: { 200: lookupListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      lookups.trelloLists(
        sessionOf(request).workspaceId,
        request.params.id,
        request.params.boardId,
      ),
  );

  app.get(
    '/service-accounts/trello/boards/:id/custom-fields/:boardId',
    {
      schema: {
        tags,
        security,
        summary: 'Campos personalizados de um quadro do Trello',
        params: boardParams,
        response: { 200: trelloCustomFieldListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      lookups.trelloCustomFields(
        sessionOf(request).workspaceId,
        request.params.id,
        request.params.boardId,
      ),
  );

  app.get(
    '/service-accounts/slack/channels/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Canais do Slack da conta',
        params: idParamsSchema,
        response: { 200: lookupListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => lookups.slackChannels(sessionOf(request).workspaceId, request.params.id),
  );
};
