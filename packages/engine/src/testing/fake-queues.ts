import { messages } from '@ponte/shared/messages';
import type { QueuesPort } from '../ports';

const m = messages.queues;

/** A message the fake queues hold. */
export interface FakeQueuedMessage {
  job_id: string;
  queue: string;
  message: unknown;
  delaySeconds: number;
  dedupKey: string | null;
  publisher: string;
}

/** The fake's queues: `queues.add(id, name)` first; `published` holds what nodes published. */
export interface FakeQueuesPort extends QueuesPort {
  add(id: string, name: string): void;
  published: FakeQueuedMessage[];
}

/**
 * One workspace's queues in memory, with the server's refusals (a missing queue, a duplicate
 * key of a message still waiting). Nothing consumes: `published` keeps every message.
 */
export function createFakeQueues(now: () => number = Date.now): FakeQueuesPort {
  const queues = new Map<string, string>();
  const published: FakeQueuedMessage[] = [];
  let ids = 0;
  return {
    add(id, name) {
      queues.set(id, name);
    },
    published,
    async publish(scope, request, signal) {
      signal.throwIfAborted();
      const entry = [...queues].find(
        ([id, name]) => id === request.queue || name === request.queue,
      );
      if (!entry) throw new Error(m.notFound);
      const [id, name] = entry;
      const dedupKey = request.dedupKey || null;
      if (dedupKey && published.some((job) => job.queue === id && job.dedupKey === dedupKey))
        throw new Error(m.duplicate(dedupKey));
      const delaySeconds = request.delaySeconds ?? 0;
      const job = {
        job_id: `job-${++ids}`,
        queue: id,
        message: request.message,
        delaySeconds,
        dedupKey,
        publisher: scope.flowId,
      };
      published.push(job);
      return {
        job_id: job.job_id,
        queue: { _id: id, name },
        run_at: new Date(now() + delaySeconds * 1000).toISOString(),
      };
    },
  };
}
