import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { until } from '../../../test/until';
import { createBullmqExecutionQueueDriver } from './bullmq-execution-queue-driver';

const redisUrl = process.env.PONTE_TEST_REDIS_URL;
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
if (!redisUrl || !hasRedisServer) {
  console.warn(
    'Início do driver BullMQ: PONTE_TEST_REDIS_URL ou o programa redis-server ausente, testes ignorados.',
  );
}

/** A port free on this machine right now. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

describe.skipIf(!redisUrl || !hasRedisServer)('bullmq queue driver at start', () => {
  let server: ChildProcess | undefined;
  afterAll(() => {
    server?.kill('SIGKILL');
  });

  it('refuses a Redis that may evict keys, with a message saying what to change', async () => {
    // A Redis of its own (nothing saved), set as a cache would be: it may drop jobs.
    const port = await freePort();
    server = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'].concat([
        '--maxmemory-policy',
        'allkeys-lru',
      ]),
      { stdio: 'ignore' },
    );
    const url = `redis://127.0.0.1:${port}`;
    const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => 50 });
    probe.on('error', () => undefined);
    await until(async () => (await probe.ping().catch(() => null)) === 'PONG', 'o Redis subir');
    probe.disconnect();
    const driver = createBullmqExecutionQueueDriver({ url, prefix: 'ponte-teste' });
    await expect(driver.start()).rejects.toThrow(messages.queues.redisEviction('allkeys-lru'));
    await driver.close();
  });

  it('stops the start with a message when Redis does not answer', async () => {
    const port = await freePort();
    const driver = createBullmqExecutionQueueDriver({
      url: `redis://127.0.0.1:${port}`,
      prefix: 'ponte-teste',
      startTimeoutMs: 300,
    });
    await expect(driver.start()).rejects.toThrow(messages.queues.redisUnreachable);
    await driver.close();
  });
});
