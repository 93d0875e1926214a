import type { FastifyServerOptions } from 'fastify';
import { z } from 'zod';
import type { AppConfig, MetricsAccess, TrustProxy, WebhookRateLimit } from './config';
import type { InstanceSmtp } from './config-alerts';
import type { ExecutionSaveLevel } from '@ponte/shared/flows.schema';
import type { OAuthProvidersConfig } from './config-oauth';
import { defaultServiceProviders, type ServiceProvidersConfig } from './config-providers';
import type { DatabaseHandle } from './db/client';
import { createAuthService } from './modules/auth/auth.service';
import type { LoginThrottle } from './modules/auth/login-throttle';
import { checkRedisUrlAtStart } from './lib/redis-connection';
import { createTokenIssuer } from './modules/auth/token-issuer';
import { createSessionTokens } from './modules/auth/sessions';
import { resolveJwtSecret } from './modules/auth/instance-jwt-secret';
import { createRegistry } from '@ponte/engine/kit/registry';
import { builtinNodes } from '@ponte/engine/nodes/index';
import type { NodeDefinition } from '@ponte/engine/kit/define-node';
import { createFlowsService } from './modules/flows/flows.service';
import { createGroupsService } from './modules/groups/groups.service';
import { createUsersService } from './modules/users/users.service';
import { createVariablesService } from './modules/variables/variables.service';
import { createWorkspacesService } from './modules/workspaces/workspaces.service';
import { createEngine } from '@ponte/engine/engine';
import type { EngineLimits } from '@ponte/engine/executor/limits';
import type { Sandbox } from '@ponte/engine/sandbox/sandbox';
import { createVariablesReader } from './adapters/variables-reader';
import { createEnginePorts } from './adapters/engine-ports';
import { createStoragePort } from './adapters/storage-port';
import type { Resolver } from './adapters/outbound-http/guarded-agent';
import { createNetworkGuard } from './adapters/outbound-http/network-guard';
import { createOutboundHttpClient } from './adapters/outbound-http/outbound-http-client';
import { createFtpTester } from './adapters/ftp/ftp-port';
import { createCustomNodeLibrary } from './modules/custom-nodes/custom-node-library';
import { createCustomNodesRepository } from './modules/custom-nodes/custom-nodes.repository';
import type { ExecutionRunner } from './modules/executions/execution-runner';
import { createAppAlerts } from './app-alerts';
import { createFlowsRepository } from './modules/flows/flows.repository';
import type { TimerClock } from './modules/triggers/timer-clock';
import type { SecurityHooks } from './lib/security-hooks';
import { executionsOf, logWriterOf, runnerOf } from './app-executions';
import { createMetrics, type Metrics } from './modules/metrics/metrics';
import { createSecurityLog, type SecurityLog } from './modules/security-log/security-log.service';
import { securityLogHooks } from './modules/security-log/security-log-hooks';
import {
  createDebugParts,
  createLive,
  createOAuth2Parts,
  createRetention,
  createSecurityRetention,
  createStorage,
  observeRuntime,
} from './app-wiring';
import type { StorageDriver } from './modules/storage/storage-driver';
import type { MessageQueueDriver } from './modules/queues/drivers/message-queue-driver';
import { createQueues } from './app-queues';
import { createSecretBox, type SecretBox } from './lib/secret-box';
import { checkEncryptionKey } from './modules/service-accounts/encryption-check';
import { createServiceAccountsService } from './modules/service-accounts/service-accounts.service';
import { networkTesters } from './modules/service-accounts/network-testers';
import { createProviderTesters } from './modules/service-accounts/provider-testers';
import { createTokenSources } from './modules/service-accounts/token-sources';
import { registerRoutes } from './app-routes';
import { addLifecycle, engineServiceOf, loginThrottleOf } from './app-lifecycle';
import { createFastify, type FastifyApp } from './app-fastify';
import { runsWork, servesApi, singleProcess, type ClusterOptions } from './cluster/cluster';
import {
  createSharedTriggers,
  restrictToWorkerPaths,
  shareSessionRevocations,
  stateChannels,
} from './app-cluster';

export type { FastifyApp };

export interface BuildAppOptions {
  /** `jwtSecret` null: the instance's, kept in the database (docs/adr/0068). */
  config: Pick<
    AppConfig,
    'jwtSecret' | 'encryptionKey' | 'admin' | 'docsUrl' | 'supportUrl' | 'webDist'
  > &
    Partial<Pick<AppConfig, 'jwtSecretSeed'>>;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** The clock of tokens and timestamps (tests move it). */
  now?: () => Date;
  loginThrottle?: LoginThrottle;
  /** Node types beside the built-in library (custom connectors, tests). */
  nodes?: NodeDefinition[];
  /** The code sandbox (default: isolated-vm). */
  sandbox?: Sandbox;
  engineLimits?: Partial<EngineLimits>;
  /** Executions running at once in this process. */
  executionConcurrency?: number;
  /**
   * PONTE_SHUTDOWN_GRACE_SECONDS in ms: on close, how long running executions have to end
   * before they are stopped, or handed back to the queue when distributed (default 5 s).
   */
  shutdownGraceMs?: number;
  /** Size of one uploaded file and files per request (default: 100 MB and 20). */
  uploadLimits?: { fileSize: number; files: number };
  /** Hours a manual-trigger upload is kept (default 24, ADR 0022). */
  uploadRetentionHours?: number;
  /** PONTE_FORM_RESULT_TIMEOUT_SECONDS in ms: how long a form waits for its flow's result. */
  formResultTimeoutMs?: number;
  /** PONTE_FORM_UPLOAD_RETENTION_DAYS: days a form upload is kept after its day ends. */
  formUploadRetentionDays?: number;
  /** Clock of the schedules (tests move it by hand). */
  triggerClock?: TimerClock;
  webhookTimeoutMs?: number;
  /** Days of logs kept (PONTE_LOG_RETENTION_DAYS, default 30). */
  logRetentionDays?: number;
  /** PONTE_NODE_LIMIT: the Action/Trigger limit per flow of every customer, over their own. */
  nodeLimit?: number | null;
  /** PONTE_SANDBOX_ISOLATES: isolates of the default code sandbox (default 4). */
  sandboxIsolates?: number;
  /** PONTE_FLOW_CHAIN_LIMIT: flows starting one another in a chain (default 5). */
  flowChainLimit?: number;
  /** PONTE_EXECUTION_SAVE: what is kept of executions of flows that follow it (default all). */
  executionSave?: ExecutionSaveLevel;
  /** PONTE_WEBHOOK_RATE_LIMIT_*: public webhook calls per minute per address and per flow. */
  webhookRateLimit?: WebhookRateLimit;
  /** Throttled requests and sandbox kills, for the security log (docs/adr/0020). */
  security?: SecurityHooks;
  /** PONTE_HTTP_ALLOWED_NETWORKS: internal networks flows may reach (default: none). */
  httpAllowedNetworks?: readonly string[];
  /** Resolves names for outbound HTTP (default: the system's; tests use a local DNS server). */
  httpResolver?: Resolver;
  /** PEM certificates FTPS servers may present besides the system's CAs (a private CA; tests). */
  ftpTrustedCa?: string;
  /** PONTE_TRUST_PROXY: the reverse proxies whose X-Forwarded-* headers are believed. */
  trustProxy?: TrustProxy;
  /** PONTE_PUBLIC_URL: the address shown for the engine and webhooks (default: the request's). */
  publicUrl?: string | null;
  /** PONTE_METRICS / PONTE_METRICS_TOKEN: who may read GET /metrics (default: nobody). */
  metrics?: MetricsAccess;
  /** PONTE_OAUTH_*: the OAuth2 providers of the service accounts (default: the real ones). */
  oauthProviders?: OAuthProvidersConfig;
  /** PONTE_AWS_STS_URL, PONTE_OMIE_URL, PONTE_SANKHYA_URL (default: the real ones). */
  serviceProviders?: ServiceProvidersConfig;
  /**
   * The workspaces' files (ADR 0030): the driver (default: local, in the system's temp folder;
   * main.ts passes PONTE_DATA_DIR/storage or S3), PONTE_STORAGE_MAX_FILE_MB and _QUOTA_MB.
   */
  storage?: { driver?: StorageDriver; maxFileBytes?: number; quotaBytes?: number | null };
  /**
   * The internal queues (ADR 0033): the message driver (default: the embedded one; main.ts
   * passes the Redis one when REDIS_URL is set), whether the depth sampler runs (default yes),
   * and the pace of the Redis ledger's reconciliation (docs/adr/0072; default every minute,
   * rows older than a minute).
   */
  queues?: {
    driver?: MessageQueueDriver;
    sampleDepth?: boolean;
    ledger?: { intervalMs?: number; graceMs?: number };
  };
  /**
   * Alert delivery (ADR 0052): PONTE_SMTP_URL/_FROM (default none), PORT for the links' base
   * without PONTE_PUBLIC_URL (default 3000), the dispatcher's interval (default 2 s).
   */
  alerts?: { smtp?: InstanceSmtp | null; port?: number; dispatchIntervalMs?: number };
  /**
   * PONTE_ROLE and the processes' bus (docs/adr/0063); default: one process doing everything,
   * executions in the embedded queue.
   */
  cluster?: ClusterOptions;
}

let zodConfigured = false;

/** Accounts, workspaces, groups and variables. */
function createAccountModules(
  options: BuildAppOptions,
  jwtSecret: string,
  now: () => Date,
  security: SecurityLog,
  onClose: (close: () => Promise<void>) => void,
) {
  const db = options.database.db;
  const tokens = createSessionTokens({ db, issuer: createTokenIssuer(jwtSecret, now), now });
  const auth = createAuthService({
    db,
    tokens,
    throttle: options.loginThrottle ?? loginThrottleOf(options, onClose),
    now,
    security: security.record,
  });
  const users = createUsersService({ db, tokens, now, nodeLimit: options.nodeLimit ?? null });
  const workspaces = createWorkspacesService({ db, tokens, now });
  const groups = createGroupsService({ db, now });
  const variablesReader = createVariablesReader(db);
  // Every process forgets its copy (docs/adr/0066); this one's at once, before the answer.
  const bus = options.cluster!.bus;
  const variables = createVariablesService({
    db,
    now,
    onChange: (workspaceId) => void bus.publish(stateChannels.variablesChanged, { workspaceId }),
  });
  return { tokens, auth, users, workspaces, groups, variablesReader, variables };
}

export type AccountModules = ReturnType<typeof createAccountModules>;

/**
 * The node library, the service accounts and the engine, whose only way out to the network is
 * the guarded client.
 */
function createEngineParts(
  options: BuildAppOptions,
  variablesReader: AccountModules['variablesReader'],
  now: () => Date,
  box: SecretBox,
) {
  const late: { runner?: ExecutionRunner; log?: FastifyApp['log'] } = {};
  const library = createRegistry([...builtinNodes, ...(options.nodes ?? [])]);
  const customNodeLibrary = createCustomNodeLibrary({
    repository: createCustomNodesRepository(options.database.db),
    builtins: library,
  });
  // One guard for every way out: HTTP, and the clients that connect to a checked address.
  const network = {
    guard: createNetworkGuard(options.httpAllowedNetworks),
    ...(options.httpResolver ? { resolver: options.httpResolver } : {}),
  };
  const outboundHttp = createOutboundHttpClient(network);
  const ftpOptions = {
    ...network,
    ...(options.ftpTrustedCa ? { trustedCa: options.ftpTrustedCa } : {}),
  };
  const db = options.database.db;
  const storage = createStorage(options);
  const queues = createQueues(options, now);
  const oauth2 = createOAuth2Parts(options, outboundHttp, now, () => serviceAccounts, late);
  const serviceAccounts = createServiceAccountsService({
    db,
    now,
    box,
    http: outboundHttp,
    testers: {
      ...networkTesters(network),
      ...oauth2.testers,
      ftp_server: createFtpTester(ftpOptions),
      // AWS STS, Omie and Sankhya: one documented call each, through the guarded client.
      ...createProviderTesters(options.serviceProviders ?? defaultServiceProviders, now),
    },
  });
  const engine = createEngine({
    ports: createEnginePorts(db, {
      variables: variablesReader,
      http: outboundHttp,
      network,
      now,
      serviceAccounts,
      tokenSources: {
        ...createTokenSources({ service: serviceAccounts, http: outboundHttp, now }),
        ...oauth2.tokenSources,
      },
      configuredHosts: oauth2.configuredHosts,
      ...(options.ftpTrustedCa ? { ftpTrustedCa: options.ftpTrustedCa } : {}),
      storage: createStoragePort(storage),
      queues: queues.port,
    }),
    ...(options.sandbox ? { sandbox: options.sandbox } : {}),
    ...(options.sandboxIsolates ? { sandboxIsolates: options.sandboxIsolates } : {}),
    ...(options.security?.onSandboxKilled
      ? { onSandboxKilled: options.security.onSandboxKilled }
      : {}),
    ...(options.engineLimits ? { limits: options.engineLimits } : {}),
    nodes: options.nodes ?? [],
  });
  return {
    late,
    network,
    library,
    customNodeLibrary,
    outboundHttp,
    engine,
    serviceAccounts,
    oauth2,
    storage,
    queues,
  };
}

export type EngineParts = ReturnType<typeof createEngineParts>;

/** Flows, executions, triggers, logs, the live socket and the engine, wired together. */
function createRuntime(
  app: FastifyApp,
  options: BuildAppOptions & { cluster: ClusterOptions },
  now: () => Date,
  account: AccountModules,
  metrics: Metrics | null,
  security: SecurityLog,
  parts: EngineParts,
) {
  const db = options.database.db;
  const { role, bus } = options.cluster!;
  const flowsRepository = createFlowsRepository(db);
  const { late, library, outboundHttp, engine, serviceAccounts, storage } = parts;
  const alerts = createAppAlerts(app, options, {
    now,
    http: outboundHttp,
    network: parts.network,
    accounts: serviceAccounts,
    queues: parts.queues.driver,
  });
  const logWriter = logWriterOf(app, db, alerts, metrics);
  parts.queues.reportRestoresTo(logWriter);
  const debug = createDebugParts(app, options.cluster, engine);
  const { sessions: debugSessions, control: debugControl } = debug;
  const { runner, queue } = runnerOf(app, options, now, parts, {
    flowsRepository,
    logWriter,
    debug,
  });
  late.runner = runner;
  if (metrics) observeRuntime(metrics, runner, queue, parts.queues);
  debug.worker.observe(runner.events);
  const executions = executionsOf(db, now, flowsRepository, runner);
  const onSessionsRevoked = shareSessionRevocations(bus, account.tokens);
  // Workers keep the debug sessions and the runner events; only the socket is the API's.
  const liveSocket = servesApi(role)
    ? createLive(app, account, now, security, {
        flowsRepository,
        executions,
        runner,
        debug,
        onSessionsRevoked,
      })
    : null;
  parts.queues.consumeWith(runner);
  const { triggers, reconciliation } = createSharedTriggers(app, options, {
    flows: flowsRepository,
    runner,
    consumers: parts.queues.consumers,
    variablesReader: account.variablesReader,
  });
  const flows = createFlowsService({
    db,
    now,
    lookup: library.manifest,
    checkParams: library.checkParams,
    lookupFor: parts.customNodeLibrary.lookupFor,
    nodeLimit: options.nodeLimit ?? null,
    // Every process reloads the flow (docs/adr/0066); this one's before the save answers.
    onChange: (workspaceId, flowId) =>
      bus.publish(stateChannels.flowChanged, { workspaceId, flowId }),
  });
  const engineService = engineServiceOf({
    ...parts,
    ...{ executions, runner, triggers, debugControl, bus },
  });
  addLifecycle(app, {
    retention: createRetention(app, options, now, storage),
    securityRetention: createSecurityRetention(app, options, now, security),
    security,
    runner,
    triggers,
    liveSocket,
    debugSessions,
    engine,
    outboundHttp,
    queues: parts.queues,
    role,
    reconciliation,
    ...(options.shutdownGraceMs ? { shutdownGraceMs: options.shutdownGraceMs } : {}),
  });
  return {
    flowsRepository,
    library,
    serviceAccounts,
    runner,
    executions,
    debugControl,
    triggers,
    flows,
    engineService,
    alerts,
  };
}

/** The HTTP application; main.ts listens with it, tests call it through `app.inject()`. */
export async function buildApp(given: BuildAppOptions) {
  if (!zodConfigured) {
    z.config(z.locales.pt());
    zodConfigured = true;
  }
  const now = given.now ?? (() => new Date());
  // A key that cannot open what is stored stops the start here (docs/adr/0025).
  const box = createSecretBox(given.config.encryptionKey);
  await checkEncryptionKey(given.database.db, box);
  const jwtSecret = await resolveJwtSecret(given.database.db, {
    jwtSecret: given.config.jwtSecret,
    seed: given.config.jwtSecretSeed ?? null,
  });
  const cluster = given.cluster ?? singleProcess();
  const access = given.metrics ?? { open: false, token: null };
  const identity = { role: cluster.role, processId: cluster.bus.processId };
  const metrics = access.open || access.token ? createMetrics(identity) : null;
  const late: { app?: FastifyApp } = {};
  const security = createSecurityLog({
    db: given.database.db,
    now,
    onError: (error) => late.app?.log.error({ err: error }, 'falha no registro de segurança'),
  });
  // Throttles and sandbox kills reach the security log, and still the caller's own hooks.
  const options = {
    ...given,
    cluster,
    security: securityLogHooks(security.record, given.security),
  };
  const app = await createFastify(options, metrics, security);
  late.app = app;
  if (!servesApi(options.cluster.role)) restrictToWorkerPaths(app);
  // The bus connects before any other background work starts, and closes after it stopped.
  app.addHook('onReady', async () => {
    const redis = options.cluster.redis;
    if (redis) await checkRedisUrlAtStart(redis.url);
    await options.cluster.bus.start();
  });
  app.addHook('onClose', () => options.cluster.bus.close());
  const account = createAccountModules(options, jwtSecret, now, security, (close) =>
    app.addHook('onClose', close),
  );
  const parts = createEngineParts(options, account.variablesReader, now, box);
  // OAuth2 tokens refreshed ahead of expiry while the app runs (docs/adr/0026).
  parts.late.log = app.log;
  app.addHook('onReady', async () => {
    if (runsWork(options.cluster.role)) parts.oauth2.refresher.start();
  });
  app.addHook('onClose', () => parts.oauth2.refresher.stop());
  const runtime = createRuntime(app, options, now, account, metrics, security, parts);
  await registerRoutes(app, options, {
    ...account,
    ...runtime,
    oauth2: parts.oauth2,
    storage: parts.storage,
    queues: parts.queues.service,
    engine: parts.engine,
    network: parts.network,
    security,
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
export type Runtime = ReturnType<typeof createRuntime>;
