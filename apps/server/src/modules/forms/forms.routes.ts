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
import { versionRoutes } from '../versions/version-routes';
import { stampOf, type VersionsService } from '../versions/versions.service';
import type { FormsService } from './forms.service';
import * as routes from '../../lib/named-resource/named-routes';

export interface FormsRoutesOptions {
  service: FormsService;
  versions: VersionsService;
}

const tags = ['Formulários'];
/** The form as it is sent: its fields were clamped on save, so the answer has no transforms. */
const formAnswerSchema = formSchema.extend({
  fields: z.array(formFieldSchema.extend({ width_percent: z.number() })),
});
const formListAnswerSchema = listResponseSchema(formAnswerSchema);

/** Spec 2 §7 'Forms'; mounted at /api/v1 (authenticated scope). */
export const formsRoutes: FastifyPluginAsyncZod<FormsRoutesOptions> = async (
  app,
  { service, versions },
) => {
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
    create: (workspaceId, body, request) => service.create(workspaceId, body, stampOf(request)),
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
    errors: [400, 401, 404, 409, 413],
    update: (workspaceId, id, body, request) =>
      service.update(workspaceId, id, body, stampOf(request, body)),
  });

  versionRoutes(app, {
    kind: 'form',
    path: '/forms/:id',
    tags,
    response: formAnswerSchema,
    versions,
    state: service.versionState,
    // 'Restaurar': the version's document saved with every rule of a save (the PIN kept).
    restore: async (workspaceId, id, document, stamp) =>
      service.update(workspaceId, id, await service.restoreBody(workspaceId, document), stamp),
  });

  routes.removeRoute(app, '/forms/:id', {
    tags,
    summary: 'Remove um formulário',
    removed: 'Removido',
    remove: service.remove,
  });
};
