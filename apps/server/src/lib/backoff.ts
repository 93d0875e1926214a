/**
 * Delays between retries of a write: `minMs`, doubled after each failure up to `maxMs`, back to
 * `minMs` after a success. Bounded, so a write is tried again within `maxMs` of the database
 * coming back.
 */
export function createBackoff(minMs = 100, maxMs = 5_000) {
  let next = minMs;
  return {
    /** The delay before the next try; the one after it is longer. */
    next(): number {
      const delay = next;
      next = Math.min(maxMs, next * 2);
      return delay;
    },
    reset() {
      next = minMs;
    },
  };
}
