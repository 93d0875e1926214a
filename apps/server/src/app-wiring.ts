import { liveSocketPath } from '@ponte/shared/live.schema';
import type { AccountModules, BuildAppOptions, FastifyApp } from './app';
import type { createFlowsRepository } from './modules/flows/flows.repository';
import type { createExecutionsService } from './modules/executions/executions.service';
import type { ExecutionRunner } from './modules/executions/execution-runner';
import type { createDebugSessions } from './modules/live/debug-sessions';
import { createLiveSocket } from './modules/live/live-socket';
import { createSystemStatusSampler } from './modules/live/system-status';
import { createLogRetention } from './modules/logs/log-retention';
import type { SecurityLog } from './modules/security-log/security-log.service';
import { addStrictHeadersOnPath } from './plugins/security-headers';

/** The live socket (debugger and live monitoring) on the HTTP server of the app. */
export function createLive(
  app: FastifyApp,
  parts: {
    auth: AccountModules['auth'];
    tokens: AccountModules['tokens'];
    now: () => Date;
    flowsRepository: ReturnType<typeof createFlowsRepository>;
    executions: ReturnType<typeof createExecutionsService>;
    runner: ExecutionRunner;
    debugSessions: ReturnType<typeof createDebugSessions>;
    security: SecurityLog;
  },
) {
  const { auth, tokens, flowsRepository, executions, runner, debugSessions, security } = parts;
  const liveSocket = createLiveSocket({
    server: app.server,
    resolveSession: (token) => auth.resolveSession(token),
    onSessionsRevoked: (listener) => tokens.onRevoked(listener),
    now: parts.now,
    flowInWorkspace: async (workspaceId, flowId) =>
      (await flowsRepository.find(workspaceId, flowId)) !== null,
    runningExecutions: (workspaceId) => executions.running(workspaceId),
    runnerEvents: runner.events,
    debugSessions,
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
 * Removes logs (or, given the security log, its events) older than PONTE_LOG_RETENTION_DAYS,
 * every hour.
 */
export function createRetention(
  app: FastifyApp,
  options: BuildAppOptions,
  now: () => Date,
  security?: SecurityLog,
) {
  const what = security ? 'eventos de segurança' : 'logs';
  return createLogRetention({
    db: options.database.db,
    days: options.logRetentionDays ?? 30,
    now,
    onError: (error) => app.log.error({ err: error }, `falha ao apagar ${what} antigos`),
    onRemoved: (count) => app.log.info({ count }, `${what} antigos apagados`),
    ...(security ? { deleteOlderThan: security.deleteOlderThan } : {}),
  });
}
