import { RateLimiterMemory } from 'rate-limiter-flexible';

/**
 * Counts failed sign-ins. The memory implementation serves one process; a Redis-backed one can
 * replace it behind this interface when several API processes run.
 */
export interface LoginThrottle {
  /** Milliseconds until an attempt is allowed again; 0 when it may go ahead. */
  blockedFor(email: string, ip: string): Promise<number>;
  recordFailure(email: string, ip: string): Promise<void>;
  recordSuccess(email: string, ip: string): Promise<void>;
}

export const loginLimits = {
  perEmailAndIp: 5,
  perIp: 30,
  windowSeconds: 15 * 60,
} as const;

export function createMemoryLoginThrottle(): LoginThrottle {
  const byEmailAndIp = new RateLimiterMemory({
    keyPrefix: 'login_email_ip',
    points: loginLimits.perEmailAndIp,
    duration: loginLimits.windowSeconds,
  });
  const byIp = new RateLimiterMemory({
    keyPrefix: 'login_ip',
    points: loginLimits.perIp,
    duration: loginLimits.windowSeconds,
  });
  const pairKey = (email: string, ip: string) => `${email}|${ip}`;

  return {
    async blockedFor(email, ip) {
      const [pair, address] = await Promise.all([
        byEmailAndIp.get(pairKey(email, ip)),
        byIp.get(ip),
      ]);
      let wait = 0;
      if (pair && pair.consumedPoints >= loginLimits.perEmailAndIp) wait = pair.msBeforeNext;
      if (address && address.consumedPoints >= loginLimits.perIp) {
        wait = Math.max(wait, address.msBeforeNext);
      }
      return Math.max(0, wait);
    },
    async recordFailure(email, ip) {
      // A refusal (points used up) rejects with a RateLimiterRes; only real errors propagate.
      const ignoreLimit = (reason: unknown) => {
        if (reason instanceof Error) throw reason;
      };
      await Promise.all([
        byEmailAndIp.consume(pairKey(email, ip)).catch(ignoreLimit),
        byIp.consume(ip).catch(ignoreLimit),
      ]);
    },
    async recordSuccess(email, ip) {
      await byEmailAndIp.delete(pairKey(email, ip));
    },
  };
}
