import { limits } from '@ponte/shared/limits';
import type { MessageQueueDriver } from './drivers/message-queue-driver';
import type { QueueSamplesRepository } from './queue-samples.repository';

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
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

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

  /** One pass; a pass already under way is joined, not doubled. */
  function runOnce(): Promise<void> {
    running ??= sample().finally(() => (running = null));
    return running;
  }

  const pass = () => void runOnce().catch(options.onError);

  return {
    runOnce,
    start() {
      if (timer) return;
      pass();
      timer = setInterval(pass, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };
}

export type QueueDepthSampler = ReturnType<typeof createQueueDepthSampler>;
