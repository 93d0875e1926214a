import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { createRoomEmitter } from './debug-link';
import { until } from '../../test/until';

const redisUrl = process.env.PONTE_TEST_REDIS_URL?.trim() || null;

describe.skipIf(!redisUrl)('room emitter', () => {
  it('hands a publish over a closed connection to onError instead of an unhandled rejection', async () => {
    const redis = new Redis(redisUrl!, { maxRetriesPerRequest: null });
    redis.on('error', () => undefined);
    const errors: unknown[] = [];
    const emitter = createRoomEmitter(redis, 'ponte-test-room-emitter', (error) =>
      errors.push(error),
    );
    await redis.quit();
    // What a flush during shutdown does: the debugger or the node status says something.
    emitter.to('flow-status-x').emit('flow-status', { executionId: 'e', nodes: {} });
    const [error] = await until(() => (errors.length ? errors : null), 'o erro do PUBLISH');
    expect((error as Error).message).toBe('Connection is closed.');
  });
});
