import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import type { ProcessRole } from '../cluster/cluster.config';
import { createRedisBus } from '../cluster/redis-bus';
import { useTestApp, type TestAppOptions, type TestContext } from './test-app';
import { createSharedTestDatabase, type SharedTestDatabase } from './test-database';

/** The Redis of the tests (`PONTE_TEST_REDIS_URL`), or null: the suites across processes skip. */
export const testRedisUrl = process.env.PONTE_TEST_REDIS_URL?.trim() || null;

/** Deletes every key under `prefix` (each suite has its own). */
export async function deleteRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(testRedisUrl!);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
}

/**
 * Several processes of one Ponte, as a deployment on PostgreSQL and Redis runs them: one
 * PostgreSQL database and one Redis prefix for the suite (both removed after it), and each
 * `instance` its own pool, Redis connections and bus. Call inside a `describe`.
 */
export function useClusterApps() {
  const prefix = `ponte-test-${randomUUID()}`;
  let shared: SharedTestDatabase | null = null;
  beforeAll(async () => {
    shared = await createSharedTestDatabase('postgres');
  });
  afterAll(async () => {
    await shared?.dispose();
    await deleteRedisKeys(prefix);
  });
  return {
    prefix,
    /** A process of `role` (`all` runs the API and the executions). */
    instance: (
      role: ProcessRole,
      options: Omit<TestAppOptions, 'openDatabase' | 'cluster'> = {},
    ): TestContext =>
      useTestApp('postgres', {
        ...options,
        openDatabase: () => shared!.open(),
        cluster: {
          role,
          bus: createRedisBus({ url: testRedisUrl!, prefix }),
          leaseMs: 30_000,
          redis: { url: testRedisUrl!, prefix },
        },
      }),
  };
}
