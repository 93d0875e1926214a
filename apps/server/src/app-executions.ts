import type { BuildAppOptions, FastifyApp } from './app';
import type { EngineParts } from './app';
import type { ClusterOptions } from './cluster/cluster';
import { runsWork } from './cluster/cluster';
import type { Database } from './db/client';
import type { DebugParts } from './app-wiring';
import type { Alerts } from './app-alerts';
import type { Metrics } from './modules/metrics/metrics';
import { createExecutionRunner, type ExecutionRunner } from './modules/executions/execution-runner';
import { createExecutionsService } from './modules/executions/executions.service';
import type { createFlowsRepository } from './modules/flows/flows.repository';
import { createLogWriter, type LogWriter } from './modules/logs/log-writer';
import { createEmbeddedExecutionQueueDriver } from './modules/executions/queue/embedded-execution-queue-driver';
import { createBullmqExecutionQueueDriver } from './modules/executions/queue/bullmq-execution-queue-driver';

/** The execution runner over the executions queue (docs/adr/0064, 0065). */
export function runnerOf(
  app: FastifyApp,
  options: BuildAppOptions & { cluster: ClusterOptions },
  now: () => Date,
  parts: EngineParts,
  deps: {
    flowsRepository: ReturnType<typeof createFlowsRepository>;
    logWriter: LogWriter;
    debug: DebugParts;
  },
) {
  const db = options.database.db;
  const { redis, leaseMs } = options.cluster;
  // Distributed: every execution goes through Redis, so any worker may take it.
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
    flows: deps.flowsRepository,
    engine: parts.engine,
    customNodes: parts.customNodeLibrary,
    logs: deps.logWriter,
    now,
    concurrency: options.executionConcurrency ?? 200,
    onError: (error) => app.log.error({ err: error }, 'falha na execução'),
    debug: deps.debug.worker.hooks,
    ...(options.flowChainLimit ? { flowChainLimit: options.flowChainLimit } : {}),
    ...(options.executionSave ? { executionSave: options.executionSave } : {}),
    ...(options.security?.onThrottled ? { onThrottled: options.security.onThrottled } : {}),
    consume: runsWork(options.cluster.role),
    cluster: options.cluster,
  });
  if (!bullmq) return { runner, queue };
  // The driver checks Redis before the runner starts (onReady runs in order), and closes after it.
  app.addHook('onReady', () => bullmq.start());
  return {
    queue,
    runner: {
      ...runner,
      close: async (...args: Parameters<ExecutionRunner['close']>) => {
        try {
          await runner.close(...args);
        } finally {
          await bullmq.close();
        }
      },
    },
  };
}

/** The executions' reads, with the flows' names and whether the runner is stopping them. */
export function executionsOf(
  db: Database,
  now: () => Date,
  flowsRepository: ReturnType<typeof createFlowsRepository>,
  runner: ExecutionRunner,
) {
  return createExecutionsService({
    db,
    now,
    flowNames: (workspaceId, ids) => flowsRepository.names(workspaceId, ids),
    isStopping: (executionId) => runner.isStopping(executionId),
  });
}

/** Execution logs, written in batches; each batch is matched against the alert rules. */
export function logWriterOf(
  app: FastifyApp,
  db: Database,
  alerts: Alerts,
  metrics: Metrics | null,
) {
  return createLogWriter(db, {
    watch: alerts.watch,
    onError: (error, dropped) =>
      app.log.error({ err: error, dropped }, 'falha ao gravar logs; linhas descartadas'),
    ...(metrics ? { onWritten: (rows: number) => metrics.countLogRows(rows) } : {}),
  });
}
