import { executionsConfig } from './executions.config';
import type { ExecutionSaveLevel } from '@ponte/shared/flows.schema';
import { defineModule, runsWork } from '../../container/server-module';
import { createBullmqExecutionQueueDriver } from './queue/bullmq-execution-queue-driver';
import { createEmbeddedExecutionQueueDriver } from './queue/embedded-execution-queue-driver';
import { createDebugParts, type DebugParts } from '../live/debug-parts';
import { createExecutionRunner, executionsQueue, type ExecutionRunner } from './execution-runner';
import { executionsRoutes } from './executions.routes';
import { createExecutionsService, type ExecutionsService } from './executions.service';

declare module '../../container/provided' {
  interface Provided {
    runner: ExecutionRunner;
    /** The executions' reads, with the flows' names and whether the runner is stopping them. */
    executions: ExecutionsService;
    /** The debugger's sessions, its worker side and its control (docs/adr/0067). */
    debug: DebugParts;
    /** BullMQ's connection when distributed: checked before the runner starts, closed after. */
    executionQueueLink: { start(): Promise<void>; close(): Promise<void> } | null;
  }
}

export interface ExecutionsOptions {
  /** Executions running at once in this process. */
  executionConcurrency?: number;
  /**
   * PONTE_SHUTDOWN_GRACE_SECONDS in ms: on close, how long running executions have to end
   * before they are stopped, or handed back to the queue when distributed (default 5 s).
   */
  shutdownGraceMs?: number;
  /** PONTE_FLOW_CHAIN_LIMIT: flows starting one another in a chain (default 5). */
  flowChainLimit?: number;
  /** PONTE_EXECUTION_SAVE: what is kept of executions of flows that follow it (default all). */
  executionSave?: ExecutionSaveLevel;
}

/**
 * The execution runner over the executions queue (docs/adr/0064, 0065): in one process the
 * embedded queue on the database; distributed, BullMQ on Redis, so any worker may take an
 * execution (the driver checks Redis before the runner starts, and closes after it).
 */
export const executionsModule = defineModule({
  name: 'executions',
  needs: [
    'db',
    'now',
    'log',
    'cluster',
    'engine',
    'flowsRepository',
    'logWriter',
    'customNodeLibrary',
    'securityHooks',
    'metrics',
    'queueDepth',
  ],
  provides: ['runner', 'executions', 'debug', 'executionQueueLink'],
  config: [executionsConfig],
  tables: ['executions', 'queue_jobs'],
  create(parts, options: ExecutionsOptions) {
    const { db, now, log, cluster } = parts;
    const debug = createDebugParts(cluster, log);
    const { redis, leaseMs } = cluster;
    const bullmq = redis
      ? createBullmqExecutionQueueDriver({
          ...redis,
          lockDurationMs: leaseMs,
          stalledIntervalMs: Math.max(1_000, Math.floor(leaseMs / 2)),
        })
      : null;
    const queue = bullmq ?? createEmbeddedExecutionQueueDriver(db);
    const runner = createExecutionRunner({
      db,
      queue,
      flows: parts.flowsRepository,
      engine: parts.engine,
      customNodes: parts.customNodeLibrary,
      logs: parts.logWriter,
      now,
      concurrency: options.executionConcurrency ?? 200,
      onError: (error) => log.error({ err: error }, 'falha na execução'),
      debug: debug.worker.hooks,
      ...(options.flowChainLimit ? { flowChainLimit: options.flowChainLimit } : {}),
      ...(options.executionSave ? { executionSave: options.executionSave } : {}),
      ...(parts.securityHooks.onThrottled ? { onThrottled: parts.securityHooks.onThrottled } : {}),
      consume: runsWork(cluster.role),
      cluster,
    });
    const executions = createExecutionsService({
      db,
      now,
      flowNames: (workspaceId, ids) => parts.flowsRepository.names(workspaceId, ids),
      isStopping: (executionId) => runner.isStopping(executionId),
    });
    if (parts.metrics) {
      parts.metrics.observeRunner(runner.events);
      parts.metrics.observeQueues({
        executions: () => queue.counts(executionsQueue),
        internal: parts.queueDepth,
      });
    }
    debug.worker.observe(runner.events);
    return { runner, executions, debug, executionQueueLink: bullmq };
  },
  routes: {
    api: (api, { executions }) => api.register(executionsRoutes, { service: executions }),
  },
  // The debugger's worker side is every role's, and listens before executions start.
  async start({ runner, log, debug, executionQueueLink }) {
    await executionQueueLink?.start();
    await debug.start();
    const crashed = await runner.start();
    if (crashed.length)
      log.warn(
        { executions: crashed.map((row) => row.id) },
        'execuções interrompidas marcadas como crashed',
      );
  },
  async stop({ debug, runner, executionQueueLink }, options) {
    debug.sessions.stopAll();
    try {
      await runner.close(options.shutdownGraceMs);
    } finally {
      await executionQueueLink?.close();
      await debug.close();
    }
  },
});
