import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../config';

describe('queues', () => {
  it('keeps the queues on Redis with REDIS_URL, refuses an address that is not Redis', () => {
    expect(parseEnv({ REDIS_URL: 'redis://:senha@redis.interno:6380/2' }).redisUrl).toBe(
      'redis://:senha@redis.interno:6380/2',
    );
    expect(parseEnv({ REDIS_URL: 'rediss://redis.exemplo.com' }).redisUrl).toBe(
      'rediss://redis.exemplo.com',
    );
    expect(parseEnv({}).redisUrl).toBeNull();
    expect(() => parseEnv({ REDIS_URL: 'http://redis.interno' })).toThrow('REDIS_URL');
    expect(() => parseEnv({ REDIS_URL: 'redis' })).toThrow('REDIS_URL');
  });
});
