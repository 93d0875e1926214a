/**
 * Runs `work` under an execution's signal (Temporal's rule: an effect does not start without
 * its deadline). Already aborted: `work` never starts and the promise rejects with the signal's
 * reason. Aborted while `work` runs: the promise rejects with the reason at once; `work` is
 * given the signal to stop what it can, and whatever it still does is dropped (a database
 * statement already sent may end on its own).
 */
export function abortable<T>(
  signal: AbortSignal,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    work(signal).then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}
