/**
 * The executor's clock: how it measures durations and arms its limits (the execution's time
 * limit, the moment running nodes get to settle after an abort). `createEngine({ timers })`
 * takes another one, so tests run the 10-minute limit on a fake clock.
 */
export interface EngineTimers {
  /** Milliseconds from any fixed origin, never going back (durations only). */
  now(): number;
  /** Calls `callback` once after `ms`; answers a handle for `clearTimeout`. */
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Real time: `performance.now()` and the global timers. */
export const realTimers: EngineTimers = {
  now: () => performance.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Waits `ms` on `timers`, or less when `signal` aborts first (a new attempt's wait). */
export function sleepUnlessAborted(
  timers: EngineTimers,
  ms: number,
  signal: AbortSignal,
): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = timers.setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      timers.clearTimeout(timer);
      resolve();
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}
