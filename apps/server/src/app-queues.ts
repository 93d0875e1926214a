import type { BuildAppOptions, FastifyApp } from './app';
import { createQueuesPort } from './adapters/queues-port';
import { messages } from '@ponte/shared/messages';
import type { MessageQueueDriver } from './modules/queues/drivers/message-queue-driver';
import { createEmbeddedMessageDriver } from './modules/queues/drivers/embedded-message-driver';
import { withLedger } from './modules/queues/drivers/ledgered-message-driver';
import { hasLedgerStore } from './modules/queues/drivers/redis-message-driver';
import {
  createBatchedLedger,
  createQueueLedgerRepository,
} from './modules/queues/queue-ledger.repository';
import { createQueueRestoresRepository } from './modules/queues/queue-restores.repository';
import {
  createLedgerReconciler,
  type RestoreReport,
} from './modules/queues/queue-ledger-reconciler';
import type { LogWriter } from './modules/logs/log-writer';
import { createQueueDepthSampler } from './modules/queues/queue-depth-sampler';
import { createQueuesService } from './modules/queues/queues.service';
import { createQueueConsumers, type QueueConsumers } from './modules/queues/queue-consumers';
import type { ExecutionRunner } from './modules/executions/execution-runner';
import { runsWork } from './cluster/cluster';

/**
 * The internal queues (ADR 0033): the message driver (the given one, else the embedded one on
 * the app's database), the service of the API and of the publish node, and the depth sampler.
 * The driver starts when the app is ready (a Redis with the wrong eviction policy stops the
 * start there) and closes with it. A driver on Redis gets the ledger of its pending messages in
 * the database and its reconciliation (docs/adr/0072).
 */
export function createQueues(options: BuildAppOptions, now: () => Date) {
  const db = options.database.db;
  const late: {
    log?: FastifyApp['log'];
    consumers?: QueueConsumers;
    logs?: Pick<LogWriter, 'write'>;
  } = {};
  const given: MessageQueueDriver = options.queues?.driver ?? createEmbeddedMessageDriver(db);
  const ledger = createQueueLedgerRepository(db);
  const driver = withLedger(given, createBatchedLedger(ledger), (error) =>
    late.log?.error({ err: error }, 'falha ao gravar o registro das mensagens das filas'),
  );
  const reconciler = hasLedgerStore(given)
    ? createLedgerReconciler({
        store: given.ledgerStore,
        repository: ledger,
        restores: createQueueRestoresRepository(db),
        now,
        ...options.queues?.ledger,
        onRestored: (report) => reportRestore(report, late),
        onError: (error) =>
          late.log?.error({ err: error }, 'falha ao conferir as mensagens das filas no Redis'),
      })
    : null;
  const service = createQueuesService({
    db,
    driver,
    now,
    // Every process's consumers follow (docs/adr/0066); the local bus calls this one's, awaited.
    onChange: async (workspaceId) => {
      if (options.cluster) await options.cluster.bus.publish('queues-changed', { workspaceId });
      else await late.consumers?.reconcile(workspaceId);
    },
  });
  const sampler = createQueueDepthSampler({
    repository: service.samples,
    driver,
    now,
    onError: (error) => late.log?.error({ err: error }, 'falha ao amostrar as filas internas'),
  });
  return {
    driver,
    service,
    sampler,
    port: createQueuesPort(service),
    consumers: () => late.consumers,
    /** The monitoring log, where the ledger's restores are told (an alert rule may watch). */
    reportRestoresTo(logs: Pick<LogWriter, 'write'>) {
      late.logs = logs;
    },
    /** The messages of every internal queue of the instance, added up by state (/metrics). */
    async depth(): Promise<Record<string, number>> {
      const total: Record<string, number> = {};
      for (const queueId of await service.samples.allIds()) {
        const counts = await driver.counts(queueId);
        for (const [state, value] of Object.entries(counts)) {
          total[state] = (total[state] ?? 0) + value;
        }
      }
      return total;
    },
    /** The consumer flows of the queues, run by the app's runner (docs/adr/0035). */
    consumeWith(runner: ExecutionRunner): QueueConsumers {
      late.consumers = createQueueConsumers({
        db,
        driver,
        runner,
        onError: (error, context) =>
          late.log?.error({ err: error, context }, 'falha num consumidor de fila'),
      });
      return late.consumers;
    },
    /** When the app is ready, before the runner starts (consumers need the driver). */
    async start(log?: FastifyApp['log']) {
      if (log) late.log = log;
      await driver.start();
      // The depth sampler is background maintenance: processes that run work only.
      if (options.queues?.sampleDepth !== false && runsWork(options.cluster?.role ?? 'all'))
        sampler.start();
      if (runsWork(options.cluster?.role ?? 'all')) reconciler?.start();
    },
    /** Tests: one pass of the ledger's reconciliation now (null without Redis). */
    reconcileLedger: () => reconciler?.runOnce() ?? Promise.resolve(null),
    async close() {
      await reconciler?.stop();
      await sampler.stop();
      await driver.close();
    },
  };
}

/**
 * Messages Redis had lost and the ledger published again: a warning in the server's log and a
 * line in the workspace's monitoring log, on the queue's consumer flow when it has one.
 */
function reportRestore(
  report: RestoreReport,
  late: { log?: FastifyApp['log']; logs?: Pick<LogWriter, 'write'> },
) {
  late.log?.warn(
    {
      queueId: report.queueId,
      workspaceId: report.workspaceId,
      restored: report.restored,
    },
    'mensagens reenfileiradas: o Redis tinha perdido os dados das filas internas',
  );
  late.logs?.write({
    workspaceId: report.workspaceId,
    flowId: report.consumerFlowId ?? '',
    executionId: '',
    type: 'internal',
    label: 'Fila interna',
    message: messages.queues.restoredLog(report.queueName, report.restored),
    createdAt: report.at,
  });
}

export type Queues = ReturnType<typeof createQueues>;
