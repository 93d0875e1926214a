import { queuesConfig } from './queues.config';
import { createQueuesPort } from '../../adapters/queues-port';
import { stateChannels } from '../../cluster/state-channels';
import { defineModule, roles } from '../../container/server-module';
import type { MessageQueueDriver } from './drivers/message-queue-driver';
import { createEmbeddedMessageDriver } from './drivers/embedded-message-driver';
import { withLedger } from './drivers/ledgered-message-driver';
import { hasLedgerStore } from './drivers/redis-message-driver';
import { createQueueDepthSampler } from './queue-depth-sampler';
import { createLedgerReconciler, type RestoreReport } from './queue-ledger-reconciler';
import { createBatchedLedger, createQueueLedgerRepository } from './queue-ledger.repository';
import { createQueueRestoresRepository } from './queue-restores.repository';
import { queuesRoutes } from './queues.routes';
import { createQueuesService, type QueuesService } from './queues.service';
import { queuesAccess } from './queues.access';

/** The ledger of a driver on Redis (docs/adr/0072): its reconciliation and its restores. */
export interface QueueLedger {
  /** Null when the driver keeps its own messages (the embedded one). */
  reconciler: ReturnType<typeof createLedgerReconciler> | null;
  /** Messages Redis had lost and the ledger published again, told to whoever listens. */
  onRestored(listener: (report: RestoreReport) => void): void;
}

declare module '../../container/provided' {
  interface Provided {
    /** The internal queues' message driver, its pending messages kept in the ledger. */
    messageDriver: MessageQueueDriver;
    queues: QueuesService;
    /** The engine's port to publish to a queue of the execution's workspace. */
    queuesPort: ReturnType<typeof createQueuesPort>;
    queueLedger: QueueLedger;
    /** The messages of every internal queue of the instance, added up by state (/metrics). */
    queueDepth: () => Promise<Record<string, number>>;
  }
}

export interface QueuesOptions {
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
}

/**
 * The workspaces' internal queues (ADR 0033): the message driver (the given one, else the
 * embedded one on the app's database), started when the app is ready (a Redis with the wrong
 * eviction policy stops the start there) and closed with it; a driver on Redis gets the ledger
 * of its pending messages in the database and its reconciliation (docs/adr/0072). The
 * consumers, which need the runner, are the triggers module's.
 */
export const queuesModule = defineModule({
  name: 'queues',
  access: queuesAccess,
  needs: ['db', 'now', 'log', 'bus', 'versions'],
  provides: ['messageDriver', 'queues', 'queuesPort', 'queueLedger', 'queueDepth'],
  config: [queuesConfig],
  tables: ['queues', 'queue_messages', 'queue_depth_samples', 'queue_ledger', 'queue_restores'],
  create({ db, now, log, bus, versions }, options: QueuesOptions) {
    const given = options.queues?.driver ?? createEmbeddedMessageDriver(db);
    const ledger = createQueueLedgerRepository(db);
    const messageDriver = withLedger(given, createBatchedLedger(ledger), (error) =>
      log.error({ err: error }, 'falha ao gravar o registro das mensagens das filas'),
    );
    const listeners: ((report: RestoreReport) => void)[] = [];
    const queues = createQueuesService({
      db,
      driver: messageDriver,
      now,
      versions,
      // Every process's consumers follow (docs/adr/0066); the local bus calls this one's, awaited.
      onChange: (workspaceId) => bus.publish(stateChannels.queuesChanged, { workspaceId }),
    });
    const reconciler = hasLedgerStore(given)
      ? createLedgerReconciler({
          store: given.ledgerStore,
          repository: ledger,
          restores: createQueueRestoresRepository(db),
          now,
          ...options.queues?.ledger,
          onRestored: (report) => {
            for (const listener of listeners) listener(report);
          },
          onError: (error) =>
            log.error({ err: error }, 'falha ao conferir as mensagens das filas no Redis'),
        })
      : null;
    return {
      messageDriver,
      queues,
      queuesPort: createQueuesPort(queues),
      queueLedger: {
        reconciler,
        onRestored: (listener: (report: RestoreReport) => void) => void listeners.push(listener),
      },
      queueDepth: async () => {
        const total: Record<string, number> = {};
        for (const queueId of await queues.samples.allIds()) {
          const counts = await messageDriver.counts(queueId);
          for (const [state, value] of Object.entries(counts)) {
            total[state] = (total[state] ?? 0) + value;
          }
        }
        return total;
      },
    };
  },
  routes: {
    api: (api, { queues, versions }) => api.register(queuesRoutes, { service: queues, versions }),
  },
  start: ({ messageDriver }) => messageDriver.start(),
  tasks: ({ queues, messageDriver, queueLedger, now, log }, options) => [
    ...(options.queues?.sampleDepth === false
      ? []
      : [
          {
            name: 'amostras das filas internas',
            runsOn: roles.work,
            ...createQueueDepthSampler({
              repository: queues.samples,
              driver: messageDriver,
              now,
              onError: (error) => log.error({ err: error }, 'falha ao amostrar as filas internas'),
            }),
          },
        ]),
    ...(queueLedger.reconciler
      ? [{ name: 'conferência das filas no Redis', runsOn: roles.work, ...queueLedger.reconciler }]
      : []),
  ],
  stop: ({ messageDriver }) => messageDriver.close(),
});
