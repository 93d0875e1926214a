import {
  HandedBack,
  type ExecutionQueueDriver,
  type ExecutionJob,
} from '../modules/executions/queue/execution-queue-driver';

/**
 * The embedded queue driver with the hand back of a distributed one (what the BullMQ driver
 * does for a worker shutting down): `stop(grace, {handBack})` aborts the jobs still running
 * after the grace with a `HandedBack` reason and, once their handlers returned, writes them
 * back to the queue for another process. It never starts a job in a slot (a distributed
 * driver cannot tell whether this process should take it), so every job is in the queue.
 */
export function handingBack(inner: ExecutionQueueDriver): ExecutionQueueDriver {
  return {
    ...inner,
    reserve: () => null,
    consume(queue, handler, options) {
      const running = new Map<string, { job: ExecutionJob; abort: AbortController }>();
      const consumer = inner.consume(
        queue,
        async (job, signal) => {
          const abort = new AbortController();
          const onAbort = () => abort.abort(signal.reason);
          signal.addEventListener('abort', onAbort);
          running.set(job.id, { job, abort });
          try {
            await handler(job, abort.signal);
          } finally {
            signal.removeEventListener('abort', onAbort);
            running.delete(job.id);
          }
        },
        options,
      );
      return {
        async stop(graceMs = 10_000, stopOptions = {}) {
          if (!stopOptions.handBack) return consumer.stop(graceMs);
          const stopping = consumer.stop(graceMs + 60_000);
          await new Promise((resolve) => setTimeout(resolve, graceMs).unref());
          const back = [...running.values()];
          for (const { abort } of back) abort.abort(new HandedBack());
          await stopping;
          for (const { job } of back)
            await inner.enqueue(queue, { workspaceId: job.workspaceId, payload: job.payload });
        },
      };
    },
  };
}
