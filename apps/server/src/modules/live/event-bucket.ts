/** How many events a socket may send: `burst` at once, refilled at `perSecond`. */
export interface EventLimit {
  burst: number;
  perSecond: number;
}

/** A token bucket: `take()` is true while the sender stays within the limit. */
export function createEventBucket(limit: EventLimit, now: () => number = () => performance.now()) {
  let tokens = limit.burst;
  let last = now();
  return {
    take(): boolean {
      const at = now();
      tokens = Math.min(limit.burst, tokens + ((at - last) / 1000) * limit.perSecond);
      last = at;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}
