import { liveSocketPath } from '@ponte/shared/live.schema';
import type { AccountModules, BuildAppOptions, FastifyApp } from './app';
import type { createFlowsRepository } from './modules/flows/flows.repository';
import type { createExecutionsService } from './modules/executions/executions.service';
import { executionsQueue, type ExecutionRunner } from './modules/executions/execution-runner';
import type { Metrics } from './modules/metrics/metrics';
import type { ExecutionQueueDriver } from './modules/executions/queue/execution-queue-driver';
import type { Queues } from './app-queues';
import { createDebugSessions } from './modules/live/debug-sessions';
import { localDebugControl } from './modules/live/debug-control';
import { createDebugLink } from './modules/live/debug-link';
import { createDebugWorker } from './modules/live/debug-worker';
import { createClusterDebugControl } from './modules/live/debug-cluster-control';
import type { ClusterOptions } from './cluster/cluster';
import type { Engine } from '@ponte/engine/engine';
import { createLiveSocket } from './modules/live/live-socket';
import { createSystemStatusSampler } from './modules/live/system-status';
import { deleteAlertHistoryOlderThan } from './modules/alert-rules/alert-retention';
import { createLogRetention } from './modules/logs/log-retention';
import { createLogsService } from './modules/logs/logs.service';
import { createUploadRetention } from './modules/triggers/manual-uploads';
import { formUploadsFolder } from './modules/forms/forms-public.service';
import { limits } from '@ponte/shared/limits';
import { createLocalStorageDriver } from './modules/storage/local-driver';
import { createStorageService, type StorageService } from './modules/storage/storage.service';
import type { Database } from './db/client';
import { workspaces } from './db/schema';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import type { SecurityLog } from './modules/security-log/security-log.service';
import { addStrictHeadersOnPath } from './plugins/security-headers';
import type { HttpPort } from '@ponte/engine/ports';
import { defaultOAuthProviders } from './config-oauth';
import { createOAuth2Module } from './modules/service-accounts/oauth2/oauth2-module';
import type { ServiceAccountsService } from './modules/service-accounts/service-accounts.service';

/** The live socket (debugger and live monitoring) on the HTTP server of the app. */
export function createLive(
  app: FastifyApp,
  { auth }: AccountModules,
  now: () => Date,
  security: SecurityLog,
  parts: {
    flowsRepository: ReturnType<typeof createFlowsRepository>;
    executions: ReturnType<typeof createExecutionsService>;
    runner: ExecutionRunner;
    debug: DebugParts;
    /** Sessions revoked in any process (docs/adr/0066). */
    onSessionsRevoked: (listener: (sessionIds: readonly string[]) => void) => () => void;
  },
) {
  const { flowsRepository, executions, runner, debug } = parts;
  const { cluster } = debug;
  const liveSocket = createLiveSocket({
    server: app.server,
    resolveSession: (token) => auth.resolveSession(token),
    onSessionsRevoked: parts.onSessionsRevoked,
    now,
    flowInWorkspace: async (workspaceId, flowId) =>
      (await flowsRepository.find(workspaceId, flowId)) !== null,
    runningExecutions: (workspaceId) => executions.running(workspaceId),
    runnerEvents: runner.events,
    debugSessions: debug.sessions,
    debug: debug.control,
    ...(cluster.redis ? { cluster: { redis: cluster.redis, bus: cluster.bus } } : {}),
    systemStatus: createSystemStatusSampler(),
    security: security.record,
    onFlowDenied: (session, flowId) =>
      void security.deniedIfForeign(session, { kind: 'flow', id: flowId }, 'socket join'),
    onError: (error) => app.log.error({ err: error }, 'falha no socket ao vivo'),
  });
  addStrictHeadersOnPath(app.server, liveSocketPath);
  return liveSocket;
}

/**
 * The debugger's parts (docs/adr/0067): this process's sessions; the worker side every role
 * has (the runner's debug hook; with Redis, sessions opened for the flows in debug and their
 * messages sent to the rooms); the control the API uses (with Redis, across the processes).
 */
export function createDebugParts(app: FastifyApp, cluster: ClusterOptions, engine: Engine) {
  const sessions = createDebugSessions({ createSession: () => engine.createDebugSession() });
  const link = cluster.redis ? createDebugLink(cluster.redis.url, cluster.redis.prefix) : null;
  const onError = (error: unknown) => app.log.error({ err: error }, 'falha no debugger');
  const worker = createDebugWorker({ sessions, bus: cluster.bus, link, onError });
  const shared = link ? createClusterDebugControl({ link, bus: cluster.bus, onError }) : null;
  app.addHook('onReady', () => worker.start());
  app.addHook('onClose', async () => {
    shared?.close();
    await worker.close();
  });
  return { sessions, worker, control: shared ?? localDebugControl(sessions), cluster };
}

export type DebugParts = ReturnType<typeof createDebugParts>;

/**
 * The workspaces' file storage (ADR 0030): the given driver (main.ts builds it from the
 * config), else the local one in the system's temp folder.
 */
export function createStorage(options: BuildAppOptions): StorageService {
  const storage = options.storage ?? {};
  return createStorageService({
    driver: storage.driver ?? createLocalStorageDriver(join(tmpdir(), 'ponte-storage')),
    ...(storage.maxFileBytes ? { maxFileBytes: storage.maxFileBytes } : {}),
    quotaBytes: storage.quotaBytes ?? null,
  });
}

/**
 * Removes logs older than PONTE_LOG_RETENTION_DAYS, manual-trigger uploads (their
 * /envios-manuais folders of the storage) older than `uploadRetentionHours`, and form uploads
 * (/envios-formularios) PONTE_FORM_UPLOAD_RETENTION_DAYS after their day ends, every hour.
 */
export function createRetention(
  app: FastifyApp,
  options: BuildAppOptions,
  now: () => Date,
  storage: StorageService,
) {
  const logs = createLogRetention({
    db: options.database.db,
    days: options.logRetentionDays ?? 30,
    now,
    onError: (error) => app.log.error({ err: error }, 'falha ao apagar logs antigos'),
    onRemoved: (count) => app.log.info({ count }, 'logs antigos apagados'),
  });
  const uploads = createUploadRetention({
    storage,
    workspaces: async () =>
      (await options.database.db.select({ id: workspaces.id }).from(workspaces)).map((w) => w.id),
    maxAgeMs: (options.uploadRetentionHours ?? 24) * 3_600_000,
    onError: (error) => app.log.error({ err: error }, 'falha ao apagar arquivos enviados antigos'),
    onRemoved: (count) => app.log.info({ count }, 'arquivos enviados antigos apagados'),
  });
  const formUploads = createUploadRetention({
    storage,
    workspaces: async () =>
      (await options.database.db.select({ id: workspaces.id }).from(workspaces)).map((w) => w.id),
    folder: formUploadsFolder,
    now,
    maxAgeMs: (options.formUploadRetentionDays ?? limits.formUploadRetentionDays) * 86_400_000,
    onError: (error) =>
      app.log.error({ err: error }, 'falha ao apagar arquivos antigos de formulários'),
    onRemoved: (count) => app.log.info({ count }, 'arquivos antigos de formulários apagados'),
  });
  // The alert rules' sent firings and resolved incidents are kept as long as the logs.
  const alertHistory = createLogRetention({
    db: options.database.db,
    days: options.logRetentionDays ?? 30,
    now,
    onError: (error) => app.log.error({ err: error }, 'falha ao apagar disparos de alerta antigos'),
    deleteOlderThan: (cutoff) => deleteAlertHistoryOlderThan(options.database.db, cutoff),
  });
  const tasks = [logs, uploads, formUploads, alertHistory];
  return {
    start() {
      for (const task of tasks) task.start();
    },
    async stop() {
      await Promise.all(tasks.map((task) => task.stop()));
    },
  };
}

/** Removes security log events older than PONTE_LOG_RETENTION_DAYS, every hour. */
export function createSecurityRetention(
  app: FastifyApp,
  options: BuildAppOptions,
  now: () => Date,
  security: SecurityLog,
) {
  return createLogRetention({
    db: options.database.db,
    days: options.logRetentionDays ?? 30,
    now,
    onError: (error) =>
      app.log.error({ err: error }, 'falha ao apagar eventos de segurança antigos'),
    onRemoved: (count) => app.log.info({ count }, 'eventos de segurança antigos apagados'),
    deleteOlderThan: security.deleteOlderThan,
  });
}

/** The monitoring logs, whose searches wait for the requests that already arrived. */
export function createMonitoring(
  app: FastifyApp,
  db: Database,
  now: () => Date,
  security: SecurityLog,
) {
  return createLogsService({
    db,
    now,
    security: security.record,
    arrivals: () => app.sessionsResolving(),
  });
}

/**
 * OAuth2 of the service accounts (docs/adr/0026): token sources and testers of the OAuth2
 * types, the authorisation routes' service, the lookups and the background refresher.
 */
export function createOAuth2Parts(
  options: BuildAppOptions,
  http: HttpPort,
  now: () => Date,
  accounts: () => ServiceAccountsService,
  late: { log?: FastifyApp['log'] },
) {
  return createOAuth2Module({
    db: options.database.db,
    http,
    now,
    providers: options.oauthProviders ?? defaultOAuthProviders,
    accounts,
    onError: (error, account) =>
      late.log?.warn({ err: error, account }, 'falha ao renovar o token OAuth2 de uma conta'),
  });
}

/** The executions and the queues' depth on /metrics. */
export function observeRuntime(
  metrics: Metrics,
  runner: ExecutionRunner,
  executionQueue: ExecutionQueueDriver,
  queues: Queues,
) {
  metrics.observeRunner(runner.events);
  metrics.observeQueues({
    executions: () => executionQueue.counts(executionsQueue),
    internal: () => queues.depth(),
  });
}
