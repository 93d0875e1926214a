import type { createEngine } from '@ponte/engine/engine';
import type { BuildAppOptions, EngineParts } from './app';
import type { createRetention } from './app-wiring';
import type { Queues } from './app-queues';
import type { FastifyApp } from './app-fastify';
import { runsWork, type ClusterOptions } from './cluster/cluster';
import { stateChannels, type Reconciliation } from './app-cluster';
import { requestConnection } from './lib/redis-connection';
import {
  createMemoryLoginThrottle,
  createRedisLoginThrottle,
  type LoginThrottle,
} from './modules/auth/login-throttle';
import { createEngineService } from './modules/engine/engine.service';
import type { ExecutionRunner } from './modules/executions/execution-runner';
import type { createExecutionsService } from './modules/executions/executions.service';
import type { createDebugSessions } from './modules/live/debug-sessions';
import type { createLiveSocket } from './modules/live/live-socket';
import type { DebugControl } from './modules/live/debug-control';
import type { createLogRetention } from './modules/logs/log-retention';
import type { SecurityLog } from './modules/security-log/security-log.service';
import type { createTriggerManager } from './modules/triggers/trigger-manager';

/*
 * The parts of buildApp that tie the runtime to the process: the sign-in throttle, the
 * engine's status service, and the start and stop of the background work.
 */

/** Failed sign-ins: in Redis when several processes share them (docs/adr/0063). */
export function loginThrottleOf(
  options: BuildAppOptions,
  onClose: (close: () => Promise<void>) => void,
): LoginThrottle {
  const redis = options.cluster?.redis;
  if (!redis) return createMemoryLoginThrottle();
  // A sign-in answers 503 at once while Redis is away (docs/adr/0072), not after a hang.
  const client = requestConnection(redis.url);
  client.connect().catch(() => undefined);
  onClose(() =>
    client.quit().then(
      () => undefined,
      () => client.disconnect(),
    ),
  );
  return createRedisLoginThrottle(client, redis.prefix);
}

/** The engine's status, stop and restart over the runtime's parts. */
export function engineServiceOf(parts: {
  library: EngineParts['library'];
  customNodeLibrary: EngineParts['customNodeLibrary'];
  executions: ReturnType<typeof createExecutionsService>;
  runner: ExecutionRunner;
  triggers: ReturnType<typeof createTriggerManager>;
  debugControl: DebugControl;
  queues: Queues;
  bus: ClusterOptions['bus'];
}) {
  const { library, customNodeLibrary, executions, runner, debugControl, queues, bus } = parts;
  return createEngineService({
    workspaceLibrary: customNodeLibrary,
    manifests: () => library.manifests(),
    olderManifests: () => library.olderManifests(),
    lookup: library.manifest,
    checkParams: library.checkParams,
    executions: {
      runningCount: async (workspaceId) => (await executions.running(workspaceId)).length,
      stop: (workspaceId, executionId) => runner.stop(workspaceId, executionId),
      stopAll: (workspaceId) => runner.stopAll(workspaceId),
    },
    scheduledJobs: (workspaceId) => parts.triggers.scheduledCount(workspaceId),
    // Every process reloads the workspace's triggers and consumers (docs/adr/0066).
    reloadTriggers: (workspaceId) => bus.publish(stateChannels.workspaceReload, { workspaceId }),
    stopDebugSessions: (workspaceId) => debugControl.stopWorkspace(workspaceId),
    registeredQueues: (workspaceId) => queues.service.count(workspaceId),
  });
}

/**
 * Starts the background work when the app is ready and stops it when it closes; maintenance
 * and consumers only where work runs (docs/adr/0066).
 */
export function addLifecycle(
  app: FastifyApp,
  parts: {
    retention: ReturnType<typeof createRetention>;
    securityRetention: ReturnType<typeof createLogRetention>;
    security: SecurityLog;
    runner: ExecutionRunner;
    triggers: ReturnType<typeof createTriggerManager>;
    liveSocket: ReturnType<typeof createLiveSocket> | null;
    debugSessions: ReturnType<typeof createDebugSessions>;
    engine: ReturnType<typeof createEngine>;
    outboundHttp: { close(): Promise<void> };
    queues: Queues;
    role: ClusterOptions['role'];
    reconciliation: Reconciliation;
    shutdownGraceMs?: number;
  },
) {
  const { retention, runner, triggers, liveSocket, debugSessions, engine, outboundHttp } = parts;
  const work = runsWork(parts.role);
  app.addHook('onReady', async () => {
    if (work) retention.start();
    if (work) parts.securityRetention.start();
    await parts.queues.start(app.log);
    const crashed = await runner.start();
    if (crashed.length)
      app.log.warn(
        { executions: crashed.map((row) => row.id) },
        'execuções interrompidas marcadas como crashed',
      );
    await triggers.start();
    if (work) await parts.queues.consumers()?.start();
    parts.reconciliation.start();
  });
  app.addHook('preClose', async () => liveSocket?.close());
  app.addHook('onClose', async () => {
    await parts.reconciliation.stop();
    triggers.stop();
    await parts.queues.consumers()?.stop();
    await retention.stop();
    await parts.securityRetention.stop();
    debugSessions.stopAll();
    await runner.close(parts.shutdownGraceMs);
    await parts.queues.close();
    engine.dispose();
    await outboundHttp.close();
    await parts.security.flush();
  });
}
