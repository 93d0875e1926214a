import { limits } from '@ponte/shared/limits';
import type { MessageQueueDriver } from './drivers/message-queue-driver';
import type { QueueSamplesRepository } from './queue-samples.repository';
import { createPeriodicTask } from '../../lib/periodic-task';

export interface QueueDepthSamplerOptions {
  repository: Pick<QueueSamplesRepository, 'allIds' | 'addSample' | 'removeSamplesBefore'>;
  driver: Pick<MessageQueueDriver, 'counts'>;
  now: () => Date;
  onError: (error: unknown) => void;
  intervalMs?: number;
}

/** Samples are kept twice the chart's window. */
const keptMs = 2 * limits.queueDepthWindowMs;

/**
 * Every `limits.queueDepthSampleMs`, each queue's counters go to `queue_depth_samples` at the
 * start of their 30 s slot: several processes sampling the same slot write one row (the first).
 * Samples older than 2 h are removed (the view page's chart shows the last hour).
 */
export function createQueueDepthSampler(options: QueueDepthSamplerOptions) {
  const { repository, driver, now } = options;
  const intervalMs = options.intervalMs ?? limits.queueDepthSampleMs;
  async function sample(): Promise<void> {
    const at = now().getTime();
    const slot = new Date(at - (at % limits.queueDepthSampleMs));
    for (const queueId of await repository.allIds()) {
      try {
        await repository.addSample(queueId, slot, await driver.counts(queueId));
      } catch (error) {
        // A queue removed meanwhile has no row to sample for; the others still are.
        options.onError(error);
      }
    }
    await repository.removeSamplesBefore(new Date(at - keptMs));
  }

  return createPeriodicTask(sample, { intervalMs, onError: options.onError });
}

export type QueueDepthSampler = ReturnType<typeof createQueueDepthSampler>;
