import { createBackoff } from '../../../lib/backoff';
import type { ExecutionJobClaimer } from './embedded-execution-queue-claim';
import type { ExecutionConsumerState } from './embedded-execution-queue-consumer-state';
import type { ExecutionJobRow } from './embedded-execution-queue-rows';

/** Longest wait between two looks at delayed jobs (a clock jump or a missed wake-up). */
const maxIdleMs = 30_000;

export interface ExecutionPumpDeps {
  queue: string;
  concurrency: number;
  state: ExecutionConsumerState;
  paused: Set<string>;
  claimer: ExecutionJobClaimer;
  start(row: ExecutionJobRow): void;
}

/**
 * The consumer's loop: claims jobs while slots are free, then sleeps until the next delayed
 * job falls due (at most `maxIdleMs`). A wake-up during a pass makes another pass. A pass that
 * fails (the database is away) never rejects: the next one comes after a bounded backoff
 * (100 ms doubling up to 5 s), so jobs are taken again as soon as the database is back.
 */
export function createExecutionPump({
  queue,
  concurrency,
  state,
  paused,
  claimer,
  start,
}: ExecutionPumpDeps) {
  let pumping = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  const backoff = createBackoff();

  const arm = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => void pump(), ms);
    timer.unref();
  };

  const pump = async (): Promise<void> => {
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    try {
      // A wake-up that arrives while this pass runs (even while it arms the timer) makes
      // another pass: none is lost to the idle wait.
      do {
        again = false;
        // One clock for the whole look: a job that falls due during it is found by
        // nextRunAt and gets a look of its own at once.
        const lookedAt = new Date();
        while (
          !state.stopped &&
          !paused.has(queue) &&
          state.running.size + state.reserved < concurrency
        ) {
          const row = await claimer.claim(queue, lookedAt);
          if (!row) break;
          state.waiting = Math.max(0, state.waiting - 1);
          start(row);
        }
        if (!state.stopped) {
          const at = await claimer.nextRunAt(queue, lookedAt);
          const wait = at ? Math.max(5, at.getTime() - Date.now()) : maxIdleMs;
          arm(Math.min(wait, maxIdleMs));
        }
        backoff.reset();
      } while (again && !state.stopped);
    } catch {
      if (!state.stopped) arm(backoff.next());
    } finally {
      pumping = false;
    }
  };

  return { pump, cancel: () => clearTimeout(timer) };
}
