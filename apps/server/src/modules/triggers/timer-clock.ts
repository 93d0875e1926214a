/** Time and timers for schedules; tests move a fake one by hand. */
export interface TimerClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Node's timers cap a delay at about 24.8 days; longer waits re-arm. */
const maxDelay = 2_147_483_647;

export const systemClock: TimerClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const timer = setTimeout(fn, Math.min(Math.max(0, ms), maxDelay));
    timer.unref();
    return timer;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** A clock that moves only when told to, firing due timers in order. */
export function createManualClock(start: number) {
  let now = start;
  let ids = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => now,
    setTimeout(fn: () => void, ms: number) {
      const id = ++ids;
      timers.set(id, { at: now + Math.max(0, ms), fn });
      return id;
    },
    clearTimeout(handle: unknown) {
      timers.delete(handle as number);
    },
    /** Moves time forward, firing every timer that falls due, one by one. */
    async advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, t]) => t.at <= end)
          .sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].fn();
        await new Promise((resolve) => setImmediate(resolve));
      }
      now = end;
    },
    pending: () => timers.size,
  } satisfies TimerClock & Record<string, unknown>;
}
