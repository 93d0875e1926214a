import type { Engine } from '@ponte/engine/engine';
import type { FastifyRequest } from 'fastify';
import type { Resolver } from './adapters/outbound-http/guarded-agent';
import type { NetworkGuard } from './adapters/outbound-http/network-guard';
import { authRoutes } from './modules/auth/auth.routes';
import { engineRoutes } from './modules/engine/engine.routes';
import { flowsRoutes } from './modules/flows/flows.routes';
import { flowNetworkCheckRoutes } from './modules/flows/flow-network-check.routes';
import { urlRefusal } from './adapters/outbound-http/url-refusal';
import { monitoringRoutes } from './modules/logs/monitoring.routes';
import { groupsRoutes } from './modules/groups/groups.routes';
import { buildFlowTemplates, offeredTemplates } from './modules/templates/build-flow-templates';
import { createFlowTemplatesService } from './modules/templates/flow-templates.service';
import { flowTemplatesRoutes } from './modules/templates/flow-templates.routes';
import { registerHealth } from './modules/health/register-health';
import { userAccountRoutes, userApiRoutes } from './modules/users/users.routes';
import { variablesRoutes } from './modules/variables/variables.routes';
import { serviceAccountsRoutes } from './modules/service-accounts/service-accounts.routes';
import { isApiToken } from './modules/service-accounts/service-accounts.service';
import type { OAuth2Module } from './modules/service-accounts/oauth2/oauth2-module';
import {
  oauth2AccountRoutes,
  oauth2ApiRoutes,
} from './modules/service-accounts/oauth2/oauth2.routes';
import { createDbTablesService } from './modules/db-tables/db-tables.service';
import { dbTablesRoutes } from './modules/db-tables/db-tables.routes';
import { createRecordsService } from './modules/db-tables/records.service';
import { createRecordsExport } from './modules/db-tables/records-csv';
import { recordsRoutes } from './modules/db-tables/records.routes';
import { workspaceAccountRoutes, workspaceApiRoutes } from './modules/workspaces/workspaces.routes';
import multipart from '@fastify/multipart';
import { engineControlRoutes } from './modules/engine/engine-control.routes';
import { executionsRoutes } from './modules/executions/executions.routes';
import { debuggerRoutes } from './modules/live/debugger.routes';
import { createDebuggerService } from './modules/live/debugger.service';
import { manualTriggerRoutes } from './modules/triggers/manual-trigger.routes';
import { createManualTriggerService } from './modules/triggers/manual-trigger.service';
import { webhookRoutes } from './modules/triggers/webhook.routes';
import { createWebhookService } from './modules/triggers/webhook.service';
import { createWebhookLimits } from './modules/triggers/webhook-limits';
import { formsPublicRoutes } from './modules/forms/forms-public.routes';
import { createFormsPublicService } from './modules/forms/forms-public.service';
import { createPinThrottle } from './modules/forms/form-pin-throttle';
import authPlugin from './plugins/auth';
import spaPlugin from './plugins/spa';
import { publicBaseUrl } from './lib/public-url';
import { storageRoutes } from './modules/storage/storage.routes';
import type { StorageService } from './modules/storage/storage.service';
import { securityLogRoutes } from './modules/security-log/security-log.routes';
import type { SecurityLog } from './modules/security-log/security-log.service';
import { createMonitoring } from './app-wiring';
import { queuesRoutes } from './modules/queues/queues.routes';
import type { QueuesService } from './modules/queues/queues.service';
import { formsRoutes } from './modules/forms/forms.routes';
import { createFormsService } from './modules/forms/forms.service';
import { customNodesRoutes } from './modules/custom-nodes/custom-nodes.routes';
import { customNodesTestRoutes } from './modules/custom-nodes/custom-nodes-test.routes';
import { createCustomNodesTestService } from './modules/custom-nodes/custom-nodes-test.service';
import { createCustomNodesService } from './modules/custom-nodes/custom-nodes.service';
import { registerDashboards } from './modules/dashboards/register-dashboards';
import { registerAlertRules } from './modules/alert-rules/register-alert-rules';
import type { AccountModules, BuildAppOptions, FastifyApp, Runtime } from './app';

/** Request bodies: 10 MB everywhere, 64 KB on the account routes. */
export const bodyLimits = { global: 10 * 1024 * 1024, account: 64 * 1024 } as const;

/** Sessions (a `pnt_` token of a ponte_token account reads its workspace, ADR 0025), health. */
async function registerAuthAndHealth(
  app: FastifyApp,
  modules: Pick<AccountModules & Runtime, 'auth' | 'serviceAccounts'>,
  options: BuildAppOptions,
) {
  const { auth, serviceAccounts } = modules;
  await app.register(authPlugin, {
    resolveSession: (token) =>
      isApiToken(token) ? serviceAccounts.resolveToken(token) : auth.resolveSession(token),
  });
  await registerHealth(app, options);
}

type RouteModules = AccountModules &
  Runtime & {
    network: { guard: NetworkGuard; resolver?: Resolver };
    security: SecurityLog;
    oauth2: OAuth2Module;
    storage: StorageService;
    queues: QueuesService;
    engine: Engine;
  };

/** The editor's question after a save: which literal URLs the network guard will refuse. */
const networkCheckOf = (modules: RouteModules) => ({
  urlRefusal: (url: string) => urlRefusal(modules.network, url),
});

/** The alert rules' other needs: the log watch, the network guard, the instance SMTP. */
const alertRulesDeps = (app: FastifyApp, options: BuildAppOptions, modules: RouteModules) => ({
  log: app.log,
  onChange: modules.alerts.rulesChanged,
  network: modules.network,
  instanceSmtp: Boolean(options.alerts?.smtp),
});

/** Every route, by scope: public, /api/v1, /engine, webhooks, /account/v1, the SPA. */
export async function registerRoutes(
  app: FastifyApp,
  options: BuildAppOptions,
  modules: RouteModules,
) {
  const { config, database } = options;
  const { tokens, auth, users, workspaces, groups, variables } = modules;
  const { flowsRepository, library, runner, executions, debugControl } = modules;
  const { flows, engineService, security } = modules;
  const db = database.db;
  const now = options.now ?? (() => new Date());
  const publicUrl = (request: FastifyRequest) => publicBaseUrl(request, options.publicUrl ?? null);
  await registerAuthAndHealth(app, modules, options);
  const oauth2Options = { ...modules.oauth2, accounts: modules.serviceAccounts, publicUrl };
  await app.register(
    async (api) => {
      api.addHook('onRequest', api.requireSession);
      await api.register(userApiRoutes, { service: users, tokens });
      await api.register(workspaceApiRoutes, { service: workspaces, publicUrl });
      await api.register(groupsRoutes, { service: groups });
      await api.register(variablesRoutes, { service: variables });
      await api.register(oauth2ApiRoutes, oauth2Options);
      await api.register(serviceAccountsRoutes, { service: modules.serviceAccounts });
      await api.register(dbTablesRoutes, { service: createDbTablesService({ db, now }) });
      await api.register(recordsRoutes, {
        service: createRecordsService({ db, now }),
        exporter: createRecordsExport(db, now),
      });
      await api.register(flowsRoutes, { service: flows });
      await api.register(flowNetworkCheckRoutes, networkCheckOf(modules));
      await api.register(monitoringRoutes, { service: createMonitoring(app, db, now, security) });
      await api.register(executionsRoutes, { service: executions });
      await api.register(storageRoutes, { service: modules.storage });
      await api.register(queuesRoutes, { service: modules.queues });
      await api.register(formsRoutes, { service: createFormsService({ db, now }) });
      await api.register(customNodesRoutes, { service: createCustomNodesService({ db, now }) });
      await registerDashboards(api, { db, now, log: app.log });
      await registerAlertRules(api, { db, now, ...alertRulesDeps(app, options, modules) });
      await api.register(customNodesTestRoutes, {
        service: createCustomNodesTestService({ engine: modules.engine }),
      });
    },
    { prefix: '/api/v1' },
  );

  await app.register(
    async (engineScope) => {
      engineScope.addHook('onRequest', engineScope.requireSession);
      await engineScope.register(multipart, {
        limits: options.uploadLimits ?? { fileSize: 100 * 1024 * 1024, files: 20 },
      });
      await engineScope.register(engineRoutes, { service: engineService });
      await engineScope.register(engineControlRoutes, { service: engineService, publicUrl });
      await engineScope.register(debuggerRoutes, {
        service: createDebuggerService({
          findFlow: (workspaceId, flowId) => flowsRepository.find(workspaceId, flowId),
          executions: {
            find: (workspaceId, id) => executions.find(workspaceId, id),
            enqueue: (request) => runner.enqueue(request),
          },
          debug: debugControl,
        }),
      });
      await engineScope.register(manualTriggerRoutes, {
        service: createManualTriggerService({
          findFlow: (workspaceId, flowId) => flowsRepository.find(workspaceId, flowId),
          enqueue: (request) => runner.enqueue(request),
        }),
        storage: modules.storage,
        now,
      });
    },
    { prefix: '/engine' },
  );

  await registerWebhooks(app, options, modules);
  await registerPublicForms(app, options, modules);

  await app.register(
    async (account) => {
      account.addHook('onRoute', (route) => {
        route.bodyLimit ??= bodyLimits.account;
      });
      await account.register(authRoutes, {
        service: auth,
        tokens,
        publicConfig: { docs_url: config.docsUrl, support_url: config.supportUrl },
      });
      await account.register(workspaceAccountRoutes, { service: workspaces });
      await account.register(oauth2AccountRoutes, oauth2Options);
      await account.register(userAccountRoutes, { service: users, tokens });
      await account.register(securityLogRoutes, { service: security });
      await account.register(flowTemplatesRoutes, {
        service: createFlowTemplatesService(
          offeredTemplates(buildFlowTemplates(library.manifest), library.manifest),
        ),
      });
    },
    { prefix: '/account/v1' },
  );

  await app.register(spaPlugin, { webDist: config.webDist });
  bootstrapAdminOnReady(app, config.admin, auth);
}

/** Webhooks are public: the node's own auth guards them. */
async function registerWebhooks(app: FastifyApp, options: BuildAppOptions, modules: RouteModules) {
  const { triggers, runner } = modules;
  await app.register(webhookRoutes, {
    prefix: '/engine',
    service: createWebhookService({
      findWebhook: (flowId, method, path) => triggers.findWebhook(flowId, method, path),
      enqueue: (request) => runner.enqueue(request),
      ...(options.webhookTimeoutMs ? { responseTimeoutMs: options.webhookTimeoutMs } : {}),
      limits: createWebhookLimits(options.webhookRateLimit, options.security?.onThrottled),
    }),
  });
}

/** Public forms (docs/adr/0038): the page, its definition and the submissions, no session. */
async function registerPublicForms(
  app: FastifyApp,
  options: BuildAppOptions,
  modules: RouteModules,
) {
  const { auth, serviceAccounts, runner } = modules;
  await app.register(formsPublicRoutes, {
    prefix: '/engine',
    webDist: options.config.webDist,
    service: createFormsPublicService({
      db: options.database.db,
      pins: createPinThrottle(options.now ? { now: () => options.now!().getTime() } : {}),
      resolveSession: (token) =>
        isApiToken(token) ? serviceAccounts.resolveToken(token) : auth.resolveSession(token),
      storage: modules.storage,
      enqueue: (request) => runner.enqueue(request),
      ...(options.now ? { now: options.now } : {}),
      ...(options.formResultTimeoutMs ? { resultTimeoutMs: options.formResultTimeoutMs } : {}),
      ...(options.webhookRateLimit
        ? { submitsPerMinute: options.webhookRateLimit.perAddress }
        : {}),
    }),
  });
}

/** PONTE_ADMIN_EMAIL/PASSWORD: the first account, created when the app is ready. */
function bootstrapAdminOnReady(
  app: FastifyApp,
  admin: BuildAppOptions['config']['admin'],
  auth: AccountModules['auth'],
) {
  if (!admin) return;
  app.addHook('onReady', async () => {
    if (await auth.bootstrapAdmin(admin)) {
      app.log.info({ email: admin.email }, 'primeira conta criada a partir de PONTE_ADMIN_EMAIL');
    }
  });
}
