import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedisLoginThrottle, loginLimits } from './login-throttle';

const redisUrl = process.env.PONTE_TEST_REDIS_URL;
if (!redisUrl) {
  console.warn('Limite de entradas no Redis: PONTE_TEST_REDIS_URL ausente, testes ignorados.');
}

describe.skipIf(!redisUrl)('redis login throttle', () => {
  const prefix = `ponte-teste-${randomUUID()}`;
  const clients: Redis[] = [];
  const client = () => {
    const redis = new Redis(redisUrl!);
    clients.push(redis);
    return redis;
  };
  afterAll(async () => {
    const keys = await clients[0]!.keys(`${prefix}:*`);
    if (keys.length) await clients[0]!.del(...keys);
    await Promise.all(clients.map((redis) => redis.quit()));
  });

  it('counts the failures made through every API process together', async () => {
    // Two processes, each with its own connection: a guesser alternating between them.
    const first = createRedisLoginThrottle(client(), prefix);
    const second = createRedisLoginThrottle(client(), prefix);
    for (let i = 0; i < loginLimits.perEmailAndIp; i++) {
      const throttle = i % 2 ? second : first;
      expect(await throttle.blockedFor('a@b.com', '1.1.1.1')).toBe(0);
      await throttle.recordFailure('a@b.com', '1.1.1.1');
    }
    expect(await first.blockedFor('a@b.com', '1.1.1.1')).toBeGreaterThan(14 * 60_000);
    expect(await second.blockedFor('a@b.com', '1.1.1.1')).toBeGreaterThan(14 * 60_000);
    expect(await second.blockedFor('a@b.com', '2.2.2.2')).toBe(0);
    await first.recordSuccess('a@b.com', '1.1.1.1');
    expect(await second.blockedFor('a@b.com', '1.1.1.1')).toBe(0);
  });
});
