import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

/**
 * Counts failed sign-ins. In memory for one process; in Redis when several API processes share
 * the sign-ins (docs/adr/0063), so a guesser gains nothing by spreading tries over them.
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
  return throttleOver(
    (keyPrefix, points) =>
      new RateLimiterMemory({ keyPrefix, points, duration: loginLimits.windowSeconds }),
  );
}

/** The counts in Redis under `prefix`, shared by every process of the instance. */
export function createRedisLoginThrottle(redis: Redis, prefix: string): LoginThrottle {
  return throttleOver(
    (keyPrefix, points) =>
      new RateLimiterRedis({
        storeClient: redis,
        useRedisPackage: false,
        keyPrefix: `${prefix}:${keyPrefix}`,
        points,
        duration: loginLimits.windowSeconds,
      }),
  );
}

function throttleOver(
  limiter: (keyPrefix: string, points: number) => RateLimiterAbstract,
): LoginThrottle {
  const byEmailAndIp = limiter('login_email_ip', loginLimits.perEmailAndIp);
  const byIp = limiter('login_ip', loginLimits.perIp);
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
