import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  flowTemplateListQuerySchema,
  flowTemplateListSchema,
  flowTemplateSchema,
  flowTemplateTagListSchema,
} from '@ponte/shared/flow-templates.schema';
import { bearerSecurity, errorResponses, idParamsSchema } from '../../lib/route-schemas';
import type { FlowTemplatesService } from './flow-templates.service';

export interface FlowTemplatesRoutesOptions {
  service: FlowTemplatesService;
}

const tags = ['Templates de flows'];
const security = bearerSecurity;

/** Mounted at /account/v1 (spec 1 §7, account API); every route needs a session. */
export const flowTemplatesRoutes: FastifyPluginAsyncZod<FlowTemplatesRoutesOptions> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', app.requireSession);

  app.get(
    '/flow-templates',
    {
      schema: {
        tags,
        security,
        summary: 'Lista os templates (ordem alfabética, busca sem acentos, filtro por tag)',
        querystring: flowTemplateListQuerySchema,
        response: { 200: flowTemplateListSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.list(request.query),
  );

  app.get(
    '/flow-templates/tags',
    {
      schema: {
        tags,
        security,
        summary: 'As tags dos templates, cada uma com a quantidade de templates',
        response: { 200: flowTemplateTagListSchema, ...errorResponses(401) },
      },
    },
    async () => service.tags(),
  );

  app.get(
    '/flow-template/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Um template, com o documento do flow e as variáveis',
        params: idParamsSchema,
        response: { 200: flowTemplateSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => service.get(request.params.id),
  );
};
