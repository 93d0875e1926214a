import type { BuildAppOptions, FastifyApp } from './app';
import { createQueuesPort } from './adapters/queues-port';
import type { MessageQueueDriver } from './modules/queues/drivers/message-queue-driver';
import { createEmbeddedMessageDriver } from './modules/queues/drivers/embedded-message-driver';
import { createQueueDepthSampler } from './modules/queues/queue-depth-sampler';
import { createQueuesService } from './modules/queues/queues.service';
import { createQueueConsumers, type QueueConsumers } from './modules/queues/queue-consumers';
import type { ExecutionRunner } from './modules/executions/execution-runner';
import { runsWork } from './cluster/cluster';

/**
 * The internal queues (ADR 0033): the message driver (the given one, else the embedded one on
 * the app's database), the service of the API and of the publish node, and the depth sampler.
 * The driver starts when the app is ready (a Redis with the wrong eviction policy stops the
 * start there) and closes with it.
 */
export function createQueues(options: BuildAppOptions, now: () => Date) {
  const db = options.database.db;
  const driver: MessageQueueDriver = options.queues?.driver ?? createEmbeddedMessageDriver(db);
  const late: { log?: FastifyApp['log']; consumers?: QueueConsumers } = {};
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
    },
    async close() {
      await sampler.stop();
      await driver.close();
    },
  };
}

export type Queues = ReturnType<typeof createQueues>;
