import { messages } from '@ponte/shared/messages';
import { redisFailureOf } from '../../lib/redis-unavailable';
import type { ExecutionEnds } from './execution-ends';

/**
 * The row of an execution whose job the queue did not take (Redis away or refusing writes,
 * docs/adr/0072): the caller is told (a webhook answers 503) and the row ends in error rather
 * than stay queued forever.
 */
export function endNotQueued(ends: ExecutionEnds, id: string, error: unknown, at: Date): void {
  const message = redisFailureOf(error)
    ? messages.engine.notQueuedRedis
    : messages.engine.notQueued;
  void ends.record(id, {
    status: 'error',
    endedAt: at,
    durationMs: 0,
    steps: 0,
    error: { message },
  });
}
