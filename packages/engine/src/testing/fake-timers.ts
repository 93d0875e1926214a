import type { EngineTimers } from '../executor/timers';

/** The executor's clock in a test: time moves only when the test calls `advance`. */
export interface FakeTimers extends EngineTimers {
  /** Timers armed and not yet fired or cleared. */
  readonly pending: number;
  /** Moves time by `ms`, firing every timer due on the way, in order. */
  advance(ms: number): void;
}

export function createFakeTimers(): FakeTimers {
  let time = 0;
  let ids = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    now: () => time,
    setTimeout(callback, ms) {
      const id = ++ids;
      timers.set(id, { at: time + Math.max(0, ms), callback });
      return id;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    get pending() {
      return timers.size;
    },
    advance(ms) {
      const end = time + ms;
      for (;;) {
        const due = [...timers].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at);
        const next = due[0];
        if (!next) break;
        timers.delete(next[0]);
        time = next[1].at;
        next[1].callback();
      }
      time = end;
    },
  };
}
