import { executionsConfig } from './executions.config';
import { executionTracerOf } from '../../adapters/tracing/tracing';
import { tracingConfig } from '../../adapters/tracing/tracing.config';
import type { ExecutionSaveLevel } from '@ponte/shared/flows.schema';
import { defineModule, runsWork } from '../../container/server-module';
import type { ExecutionDataSetting } from './execution-data';
import { createExecutionDataService, type ExecutionDataService } from './execution-data.service';
import { createBullmqExecutionQueueDriver } from './queue/bullmq-execution-queue-driver';
import { createEmbeddedExecutionQueueDriver } from './queue/embedded-execution-queue-driver';
import { createDebugParts, type DebugParts } from '../live/debug-parts';
import { createExecutionRunner, executionsQueue, type ExecutionRunner } from './execution-runner';
import { executionsRoutes } from './executions.routes';
import { createExecutionsService, type ExecutionsService } from './executions.service';
import { executionsAccess } from './executions.access';
import { createWorkerPresence } from './execution-waiting';
import { createWaitingApprovers } from '../approval-waits/waiting-approvers';
import { createExecutionReruns, type ExecutionReruns } from './execution-reruns';

declare module '../../container/provided' {
  interface Provided {
    runner: ExecutionRunner;
    /** The executions' reads, with the flows' names and whether the runner is stopping them. */
    executions: ExecutionsService;
    /** The node data executions kept, as the editor reads it (docs/adr/0089). */
    executionData: ExecutionDataService;
    /** 'Reexecutar': whole, from a node, in bulk (docs/adr/0113). */
    reruns: ExecutionReruns;
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
  /** PONTE_EXECUTION_DATA: `off` keeps no node data of any execution (default on). */
  executionData?: ExecutionDataSetting;
  /**
   * PONTE_LOG_RETENTION_DAYS: node data is removed with the logs (default 30) by the retention
   * module (docs/adr/0123); here, what the data views say of older executions.
   */
  logRetentionDays?: number;
  /** PONTE_LGPD_MASK: flows that follow it store personal data masked (default false). */
  lgpdMask?: boolean;
}

/**
 * The execution runner over the executions queue (docs/adr/0064, 0065): in one process the
 * embedded queue on the database; distributed, BullMQ on Redis, so any worker may take an
 * execution (the driver checks Redis before the runner starts, and closes after it).
 */
export const executionsModule = defineModule({
  name: 'executions',
  access: executionsAccess,
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
    'aiUsage',
    'config',
    'publicUrl',
    'logStream',
  ],
  provides: ['runner', 'executions', 'executionData', 'reruns', 'debug', 'executionQueueLink'],
  config: [executionsConfig, tracingConfig],
  tables: ['executions', 'queue_jobs', 'execution_data', 'flow_snapshots'],
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
      ...(options.executionData ? { executionData: options.executionData } : {}),
      lgpdMask: options.lgpdMask ?? false,
      ...(parts.securityHooks.onThrottled ? { onThrottled: parts.securityHooks.onThrottled } : {}),
      consume: runsWork(cluster.role),
      // The standard OTEL_* variables; off unless an OTLP endpoint is set (docs/adr/0131).
      tracer: executionTracerOf(process.env),
      cluster,
    });
    const executions = createExecutionsService({
      db,
      now,
      flowNames: (workspaceId, ids) => parts.flowsRepository.names(workspaceId, ids),
      isStopping: (executionId) => runner.isStopping(executionId),
      workersAlive: createWorkerPresence(db, cluster, runsWork(cluster.role)),
      sweepRetries: () => runner.sweepRetries(),
      approvers: createWaitingApprovers(db, parts.config.encryptionKey, parts.publicUrl),
    });
    const executionData = createExecutionDataService({
      db,
      now,
      flows: parts.flowsRepository,
      retentionDays: options.logRetentionDays ?? 30,
      executionSave: options.executionSave ?? 'all',
      executionData: options.executionData ?? 'on',
      aiTokens: parts.aiUsage.execution,
    });
    if (parts.metrics) {
      parts.metrics.observeRunner(runner.events);
      parts.metrics.observeQueues({
        executions: () => queue.counts(executionsQueue),
        internal: parts.queueDepth,
      });
    }
    parts.logStream?.observeRunner(runner.events);
    debug.worker.observe(runner.events);
    const reruns = createExecutionReruns({ db, enqueue: (request) => runner.enqueue(request) });
    return { runner, executions, executionData, reruns, debug, executionQueueLink: bullmq };
  },
  routes: {
    api: (api, { executions, executionData, reruns }) =>
      api.register(executionsRoutes, { service: executions, data: executionData, reruns }),
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
