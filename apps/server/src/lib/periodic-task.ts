/**
 * Background work done every `intervalMs` (retention, sweeps, samples, token refresh): one pass
 * at start, then one per interval. A pass still under way is joined, never doubled; `stop` waits
 * for it. The timer never keeps the process alive. A failed pass goes to `onError` and the next
 * one runs as planned.
 */
export function createPeriodicTask<T>(
  work: () => Promise<T>,
  options: { intervalMs: number; onError: (error: unknown) => void },
) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<T> | null = null;

  /** One pass (joined when one is under way). */
  function runOnce(): Promise<T> {
    running ??= work().finally(() => (running = null));
    return running;
  }

  const pass = () => void runOnce().catch(options.onError);

  return {
    runOnce,
    start() {
      if (timer) return;
      pass();
      timer = setInterval(pass, options.intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };
}
