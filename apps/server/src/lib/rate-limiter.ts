/** The answer of a rate limiter: allowed, or refused with the seconds until a call fits. */
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiterOptions {
  /** Calls per minute per key; also the largest burst. 0 turns the limit off. */
  perMinute: number;
  /** Milliseconds since some origin (default: `performance.now`; tests move their own). */
  now?: () => number;
  /** Keys kept at most; the ones idle longest are dropped past it (default 10 000). */
  maxKeys?: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * A token bucket per key (a client address, a flow): `perMinute` tokens, refilled continuously
 * at `perMinute` per minute, one taken per call. A bucket full again is forgotten, so memory
 * follows the keys active in the last minute, bounded by `maxKeys`.
 */
export function createRateLimiter(options: RateLimiterOptions) {
  const { perMinute } = options;
  const now = options.now ?? (() => performance.now());
  const maxKeys = options.maxKeys ?? 10_000;
  const perMs = perMinute / 60_000;
  const buckets = new Map<string, Bucket>();

  const refilled = (bucket: Bucket, at: number) =>
    Math.min(perMinute, bucket.tokens + (at - bucket.at) * perMs);

  /** Drops buckets that are full again, then the idlest ones while over `maxKeys`. */
  const sweep = (at: number) => {
    for (const [key, bucket] of buckets) if (refilled(bucket, at) >= perMinute) buckets.delete(key);
    for (const key of buckets.keys()) {
      if (buckets.size < maxKeys) break;
      buckets.delete(key);
    }
  };

  return {
    take(key: string): RateDecision {
      if (perMinute <= 0) return { allowed: true };
      const at = now();
      let bucket = buckets.get(key);
      if (bucket) {
        bucket.tokens = refilled(bucket, at);
        bucket.at = at;
        // Most recently used last: the sweep drops the idlest first.
        buckets.delete(key);
      } else {
        if (buckets.size >= maxKeys) sweep(at);
        bucket = { tokens: perMinute, at };
      }
      buckets.set(key, bucket);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return { allowed: true };
      }
      return { allowed: false, retryAfterSeconds: Math.ceil((1 - bucket.tokens) / perMs / 1000) };
    },
    /** Keys held now (tests). */
    size: () => buckets.size,
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
