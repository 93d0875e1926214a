import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  alertEmailSendersSchema,
  alertFiringListSchema,
  alertRuleBodySchema,
  alertRuleListQuerySchema,
  alertRuleListSchema,
  alertRuleSchema,
  alertRuleTestBodySchema,
  alertRuleTestResultSchema,
  alertRuleUpdateSchema,
} from '@ponte/shared/alert-rules.schema';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas';
import { sessionOf } from '../../plugins/auth';
import { versionRoutes } from '../versions/version-routes';
import { stampOf, type VersionsService } from '../versions/versions.service';
import type { AlertRulesService } from './alert-rules.service';
import * as routes from '../../lib/named-resource/named-routes';

export interface AlertRulesRoutesOptions {
  service: AlertRulesService;
  versions: VersionsService;
  /** Whether PONTE_SMTP_URL is set. */
  instanceSmtp?: boolean;
}

const tags = ['Regras de alerta'];
const security = bearerSecurity;

const workspaceOf = (request: Parameters<typeof sessionOf>[0]) => sessionOf(request).workspaceId;

/** Spec 2 §7 'Alert rules' (list, get, create, update, delete); mounted at /api/v1 (authenticated scope). */
export const alertRulesRoutes: FastifyPluginAsyncZod<AlertRulesRoutesOptions> = async (
  app,
  options,
) => {
  const { service, versions } = options;

  routes.listRoute(app, '/alert-rules', {
    tags,
    summary: 'Lista as regras de alerta (busca por nome, filtro por grupo; até 1000)',
    querystring: alertRuleListQuerySchema,
    response: alertRuleListSchema,
    list: service.list,
  });

  routes.createRoute(app, '/alert-rules', {
    tags,
    summary: 'Cria uma regra de alerta',
    body: alertRuleBodySchema,
    response: alertRuleSchema,
    errors: [400, 401],
    create: (workspaceId, body, request) => service.create(workspaceId, body, stampOf(request)),
  });

  app.get(
    '/alert-rules/email-senders',
    {
      schema: {
        tags,
        security,
        summary: 'Se o servidor SMTP da instância (PONTE_SMTP_URL) pode enviar os alertas',
        response: { 200: alertEmailSendersSchema, ...errorResponses(401) },
      },
    },
    async () => ({ instance_smtp: options.instanceSmtp ?? false }),
  );

  routes.readRoute(app, '/alert-rules/:id', {
    tags,
    summary: 'Uma regra de alerta',
    response: alertRuleSchema,
    read: service.get,
  });

  routes.updateRoute(app, '/alert-rules/:id', {
    tags,
    summary: 'Altera uma regra de alerta',
    body: alertRuleUpdateSchema,
    response: alertRuleSchema,
    errors: [400, 401, 404, 409],
    update: (workspaceId, id, body, request) =>
      service.update(workspaceId, id, body, stampOf(request, body)),
  });

  versionRoutes(app, {
    kind: 'alert_rule',
    path: '/alert-rules/:id',
    tags,
    response: alertRuleSchema,
    versions,
    state: service.versionState,
    // 'Restaurar': the version's document saved with every rule of a save, as a new version.
    restore: async (workspaceId, id, document, stamp) =>
      service.update(workspaceId, id, await service.restoreBody(workspaceId, document), stamp),
  });

  routes.removeRoute(app, '/alert-rules/:id', {
    tags,
    summary: 'Remove uma regra de alerta (e os seus disparos)',
    removed: 'Removida',
    remove: service.remove,
  });
};

/** Duplicate (spec 2 §7), the rule's firings and 'Testar'; mounted at /api/v1. */
export const alertRuleActionsRoutes: FastifyPluginAsyncZod<AlertRulesRoutesOptions> = async (
  app,
  { service },
) => {
  app.post(
    '/alert-rules/test',
    {
      schema: {
        tags,
        security,
        summary: 'Testa a configuração de match nos últimos 100 logs do workspace (ou do flow)',
        body: alertRuleTestBodySchema,
        response: { 200: alertRuleTestResultSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => service.test(workspaceOf(request), request.body),
  );

  routes.duplicateRoute(app, '/alert-rules/duplicate/:id', {
    tags,
    summary: 'Duplica uma regra de alerta (a cópia, desativada, recebe " (cópia)" no nome)',
    response: alertRuleSchema,
    duplicate: (workspaceId, id, request) => service.duplicate(workspaceId, id, stampOf(request)),
  });

  routes.readRoute(app, '/alert-rules/:id/firings', {
    tags,
    summary: 'Os últimos disparos da regra (quando, quantas ocorrências, resultado da ação)',
    response: alertFiringListSchema,
    read: service.firings,
  });
};
