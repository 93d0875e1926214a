import type { FastifyServerOptions } from 'fastify';
import { z } from 'zod';
import { singleProcess, type ClusterOptions } from './cluster/cluster';
import { clusterModule } from './cluster/cluster.module';
import { composeModules } from './container/compose-modules';
import type { InstanceConfig } from './container/provided';
import type { OptionsOf } from './container/server-module';
import type { DatabaseHandle } from './db/client';
import { createFastify, type FastifyApp, type HttpServerOptions } from './http/create-fastify';
import { httpModule } from './http/http.module';
import { auditTrail } from './http/audit-trail';
import { routeAccessGuard } from './http/route-access';
import { groupAccessGuard } from './http/group-access';
import { registerRouteScopes, type RouteScopeOptions } from './http/route-scopes';
import { createGroupLookup } from './lib/group-access/group-lookup';
import { outboundHttpModule } from './adapters/outbound-http/outbound-http.module';
import { apiTokensModule } from './modules/api-tokens/api-tokens.module';
import { aiUsageModule } from './modules/ai-usage/ai-usage.module';
import { alertRulesModule } from './modules/alert-rules/alert-rules.module';
import { authModule } from './modules/auth/auth.module';
import { customNodesModule } from './modules/custom-nodes/custom-nodes.module';
import { dashboardsModule } from './modules/dashboards/dashboards.module';
import { dbTablesModule } from './modules/db-tables/db-tables.module';
import { editorRunsModule } from './modules/editor-runs/editor-runs.module';
import { engineModule } from './modules/engine/engine.module';
import { executionsModule } from './modules/executions/executions.module';
import { expressionsModule } from './modules/expressions/expressions.module';
import { flowsModule } from './modules/flows/flows.module';
import { flowImportModule } from './modules/flow-import/flow-import.module';
import { hookRegistrationsModule } from './modules/hook-registrations/hook-registrations.module';
import { formsModule } from './modules/forms/forms.module';
import { approvalsModule } from './modules/approvals/approvals.module';
import { waitLinksModule } from './modules/wait-links/wait-links.module';
import { approvalWaitsModule } from './modules/approval-waits/approval-waits.module';
import { groupsModule } from './modules/groups/groups.module';
import { healthModule } from './modules/health/health.module';
import { liveModule } from './modules/live/live.module';
import { logsModule } from './modules/logs/logs.module';
import { logStreamModule } from './modules/log-stream/log-stream.module';
import { lgpdModule } from './modules/lgpd/lgpd.module';
import { membersModule } from './modules/members/members.module';
import { mcpModule } from './modules/mcp/mcp.module';
import { metricsModule } from './modules/metrics/metrics.module';
import { queuesModule } from './modules/queues/queues.module';
import { retentionModule } from './modules/retention/retention.module';
import { auditModule } from './modules/audit/audit.module';
import { serviceAccountsModule } from './modules/service-accounts/service-accounts.module';
import { ssoModule, ssoProvidersModule } from './modules/sso/sso.module';
import { storageModule } from './modules/storage/storage.module';
import { templatesModule } from './modules/templates/templates.module';
import { triggersModule } from './modules/triggers/triggers.module';
import { usersModule } from './modules/users/users.module';
import { variablesModule } from './modules/variables/variables.module';
import { holidaysModule } from './modules/holidays/holidays.module';
import { processingRegisterModule } from './modules/processing-register/processing-register.module';
import { versionsModule } from './modules/versions/versions.module';
import { workspacesModule } from './modules/workspaces/workspaces.module';

export type { FastifyApp };

/**
 * The server, as the list of its modules (docs/adr/0085). The container makes them in the
 * order their needs give (this list breaks ties), registers their routes scope by scope, and
 * starts them when the app is ready and stops them in reverse when it closes.
 */
export const serverModules = [
  clusterModule,
  auditModule,
  metricsModule,
  logStreamModule,
  httpModule,
  outboundHttpModule,
  serviceAccountsModule,
  ssoProvidersModule,
  authModule,
  ssoModule,
  usersModule,
  versionsModule,
  aiUsageModule,
  workspacesModule,
  membersModule,
  groupsModule,
  variablesModule,
  holidaysModule,
  storageModule,
  queuesModule,
  alertRulesModule,
  logsModule,
  customNodesModule,
  engineModule,
  hookRegistrationsModule,
  flowsModule,
  flowImportModule,
  expressionsModule,
  executionsModule,
  triggersModule,
  editorRunsModule,
  apiTokensModule,
  mcpModule,
  liveModule,
  formsModule,
  approvalsModule,
  waitLinksModule,
  approvalWaitsModule,
  dbTablesModule,
  retentionModule,
  dashboardsModule,
  templatesModule,
  processingRegisterModule,
  lgpdModule,
  healthModule,
] as const;

/** Every module's options, together. */
type OptionsOfAll<T extends readonly unknown[]> = T extends readonly [infer First, ...infer Rest]
  ? OptionsOf<First> & OptionsOfAll<Rest>
  : unknown;

/** What buildApp is given whole; every module adds the options it reads (`OptionsOf`). */
export interface AppOptions extends HttpServerOptions, RouteScopeOptions {
  /** `jwtSecret` null: the instance's, kept in the database (docs/adr/0068). */
  config: InstanceConfig;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** The clock of tokens and timestamps (tests move it). */
  now?: () => Date;
  /** PONTE_PUBLIC_URL: the address shown for the engine and webhooks (default: the request's). */
  publicUrl?: string | null;
  /**
   * PONTE_ROLE and the processes' bus (docs/adr/0063); default: one process doing everything,
   * executions in the embedded queue.
   */
  cluster?: ClusterOptions;
}

export type BuildAppOptions = AppOptions & OptionsOfAll<typeof serverModules>;

let zodConfigured = false;

/** The HTTP application; main.ts listens with it, tests call it through `app.inject()`. */
export async function buildApp(options: BuildAppOptions) {
  if (!zodConfigured) {
    z.config(z.locales.pt());
    zodConfigured = true;
  }
  const cluster = options.cluster ?? singleProcess();
  const app = createFastify(options);
  const modules = await composeModules({
    modules: serverModules,
    root: {
      app,
      log: app.log,
      database: options.database,
      db: options.database.db,
      now: options.now ?? (() => new Date()),
      cluster,
      config: options.config,
      publicUrl: options.publicUrl ?? null,
    },
    options,
    role: cluster.role,
    onStopError: (error, module) =>
      app.log.error({ err: error, module }, 'falha ao parar um módulo'),
  });
  app.addHook('onReady', () => modules.start());
  app.addHook('preClose', () => modules.drain());
  app.addHook('onClose', () => modules.stop());
  const access = routeAccessGuard(
    serverModules.flatMap((module) =>
      module.access ? [{ module: module.name, access: module.access }] : [],
    ),
  );
  const trail = auditTrail({
    table: access.table,
    record: (change) => modules.parts.audit.recordChange(change),
    onError: (error) => app.log.error({ err: error }, 'falha no registro de auditoria'),
  });
  const groups = groupAccessGuard(createGroupLookup(modules.parts.db));
  await registerRouteScopes(app, options, { access, trail, groups }, modules.registerRoutes);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
