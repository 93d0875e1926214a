import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limiter';

function limiter(perMinute: number, maxKeys?: number) {
  let time = 0;
  const limit = createRateLimiter({
    perMinute,
    now: () => time,
    ...(maxKeys ? { maxKeys } : {}),
  });
  return {
    limit,
    advance: (ms: number) => void (time += ms),
    takeMany: (key: string, count: number) =>
      Array.from({ length: count }, () => limit.take(key).allowed),
  };
}

describe('rate limiter (token bucket)', () => {
  it('allows a burst of the per-minute count, then refuses with the seconds to wait', () => {
    const { limit, takeMany } = limiter(60);
    expect(takeMany('a', 60).every(Boolean)).toBe(true);
    expect(limit.take('a')).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it('refills continuously and keeps each key apart', () => {
    const { limit, advance, takeMany } = limiter(6); // one token every 10 s
    expect(takeMany('a', 7)).toEqual([true, true, true, true, true, true, false]);
    expect(limit.take('b').allowed).toBe(true);
    advance(4_000);
    expect(limit.take('a')).toEqual({ allowed: false, retryAfterSeconds: 6 });
    advance(6_000);
    expect(takeMany('a', 2)).toEqual([true, false]);
  });

  it('is off at 0', () => {
    const { takeMany } = limiter(0);
    expect(takeMany('a', 1000).every(Boolean)).toBe(true);
  });

  it('forgets full buckets and never holds more than maxKeys', () => {
    const { limit, advance } = limiter(60, 100);
    for (let i = 0; i < 1000; i++) limit.take(`ip-${i}`);
    expect(limit.size()).toBeLessThanOrEqual(100);
    advance(60_000);
    limit.take('novo');
    for (let i = 0; i < 100; i++) limit.take(`outro-${i}`);
    expect(limit.size()).toBeLessThanOrEqual(100);
  });
});
