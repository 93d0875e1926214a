import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  formBodySchema,
  formFieldSchema,
  formListQuerySchema,
  formSchema,
  formUpdateBodySchema,
} from '@ponte/shared/forms.schema';
import { listResponseSchema } from '@ponte/shared/pagination';
import type { FormsService } from './forms.service';
import * as routes from '../../lib/named-resource/named-routes';

export interface FormsRoutesOptions {
  service: FormsService;
}

const tags = ['Formulários'];
/** The form as it is sent: its fields were clamped on save, so the answer has no transforms. */
const formAnswerSchema = formSchema.extend({
  fields: z.array(formFieldSchema.extend({ width_percent: z.number() })),
});
const formListAnswerSchema = listResponseSchema(formAnswerSchema);

/** Spec 2 §7 'Forms'; mounted at /api/v1 (authenticated scope). */
export const formsRoutes: FastifyPluginAsyncZod<FormsRoutesOptions> = async (app, { service }) => {
  routes.listRoute(app, '/forms', {
    tags,
    summary: 'Lista os formulários do workspace (busca por nome, filtro por grupo; até 1000)',
    querystring: formListQuerySchema,
    response: formListAnswerSchema,
    list: service.list,
  });

  routes.createRoute(app, '/forms', {
    tags,
    summary: 'Cria um formulário',
    body: formBodySchema,
    response: formAnswerSchema,
    errors: [400, 401, 413],
    create: service.create,
  });

  routes.readRoute(app, '/forms/:id', {
    tags,
    summary: 'Um formulário, com o flow que recebe os seus envios',
    response: formAnswerSchema,
    read: service.get,
  });

  routes.updateRoute(app, '/forms/:id', {
    tags,
    summary: 'Altera um formulário (sem `auth_pin`, o PIN guardado é mantido)',
    body: formUpdateBodySchema,
    response: formAnswerSchema,
    errors: [400, 401, 404, 413],
    update: service.update,
  });

  routes.removeRoute(app, '/forms/:id', {
    tags,
    summary: 'Remove um formulário',
    removed: 'Removido',
    remove: service.remove,
  });
};
