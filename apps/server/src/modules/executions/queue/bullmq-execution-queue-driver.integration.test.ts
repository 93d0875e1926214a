import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { until } from '../../../test/until';
import { Queue } from 'bullmq';
import { connectionOf } from '../../../lib/redis-connection';
import { bullName } from './bullmq-execution-queue-jobs';
import {
  createBullmqExecutionQueueDriver,
  type BullmqExecutionQueueDriver,
} from './bullmq-execution-queue-driver';
import {
  HandedBack,
  type ExecutionQueueConsumer,
  type ExecutionJob,
} from './execution-queue-driver';
import { executionQueueDriverContract } from './execution-queue-driver.contract';

const redisUrl = process.env.PONTE_TEST_REDIS_URL;
const serverRoot = fileURLToPath(new URL('../../../..', import.meta.url));
if (!redisUrl) {
  console.warn('Driver BullMQ das execuções: PONTE_TEST_REDIS_URL ausente, testes ignorados.');
}

describe.skipIf(!redisUrl)('bullmq queue driver', () => {
  // Every run has its own key prefix, and deletes its keys at the end.
  const prefix = `ponte-teste-${randomUUID()}`;
  const opened: BullmqExecutionQueueDriver[] = [];
  const consumers: ExecutionQueueConsumer[] = [];
  /** A driver with its own connections: another process on the same Redis. */
  const open = (timings: { lockDurationMs?: number; stalledIntervalMs?: number } = {}) => {
    const driver = createBullmqExecutionQueueDriver({
      url: redisUrl!,
      prefix,
      // A short lock and stalled check keep the crash recovery quick.
      lockDurationMs: 1000,
      stalledIntervalMs: 300,
      ...timings,
    });
    opened.push(driver);
    return driver;
  };
  const children: ChildProcess[] = [];
  afterEach(async () => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    await Promise.all(consumers.splice(0).map((consumer) => consumer.stop(0)));
    await Promise.all(opened.splice(0).map((driver) => driver.close()));
  });
  afterAll(async () => {
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });
  const keep = (consumer: ExecutionQueueConsumer) => {
    consumers.push(consumer);
    return consumer;
  };
  /**
   * A worker process consuming `queue` with a handler that never ends; `holding` resolves with
   * the id of the job it runs, `kill()` kills it with -9.
   */
  const dyingConsumer = (queue: string, timings: Record<string, number>) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/test/dying-execution-consumer-process.ts',
        redisUrl!,
        prefix,
        queue,
        JSON.stringify(timings),
      ],
      { cwd: serverRoot, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    children.push(child);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    let output = '';
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    const holding = new Promise<string>((resolve, reject) => {
      let line = '';
      child.stdout.on('data', (chunk) => {
        line += String(chunk);
        if (line.includes('\n')) resolve(line.trim());
      });
      child.once('exit', () => reject(new Error(`o processo terminou antes:\n${output}`)));
    });
    return {
      holding,
      kill: async () => {
        child.kill('SIGKILL');
        return exited;
      },
    };
  };
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('starts on a Redis that never evicts', async () => {
    await expect(open().start()).resolves.toBeUndefined();
  });

  // The contract runs with the production lock and stalled check (30 s): with the short ones
  // above, a machine too busy to renew a lock in time sees a running job delivered twice.
  const production = { lockDurationMs: 30_000, stalledIntervalMs: 30_000 };
  executionQueueDriverContract(
    () => ({ open: () => open(production), reopen: () => open(production) }),
    {
      fastPath: false,
      recoversAtStart: false,
    },
  );

  it('holds a flow’s limit across two processes, and finishes every job', async () => {
    // A lease longer than the test: a parked job starts only when a freed place promotes it.
    const timings = { lockDurationMs: 600_000 };
    const [first, second] = [open(timings), open(timings)];
    const limited = { workspaceId: 'ws', concurrencyKey: 'flow-1', concurrencyLimit: 2 };
    for (let i = 0; i < 10; i++) await first.enqueue('limite', { ...limited, payload: i });
    let running = 0;
    let most = 0;
    const done: unknown[] = [];
    const handler = async (job: ExecutionJob) => {
      most = Math.max(most, ++running);
      await pause(30);
      running--;
      done.push(job.payload);
    };
    keep(first.consume('limite', handler, { concurrency: 5 }));
    keep(second.consume('limite', handler, { concurrency: 5 }));
    await until(() => done.length === 10, 'os dez jobs');
    expect(most).toBe(2);
    // The handler's end comes before BullMQ moves the job to completed: wait for the last move.
    await until(async () => {
      const counts = await first.counts('limite');
      return counts.waiting === 0 && counts.delayed === 0 && counts.active === 0;
    }, 'a fila vazia');
  });

  it('gives back the place held by a process killed with -9 once its lease runs out', async () => {
    // No stalled check in this test's time: only the lease can free the dead process's place.
    const timings = { lockDurationMs: 1000, stalledIntervalMs: 600_000 };
    const alive = open(timings);
    const limited = { workspaceId: 'ws', concurrencyKey: 'flow-2', concurrencyLimit: 1 };
    const held = await alive.enqueue('morto', { ...limited, payload: 'preso' });
    const dying = dyingConsumer('morto', timings);
    expect(await dying.holding).toBe(held.id);
    await alive.enqueue('morto', { ...limited, payload: 'depois' });
    const ran: unknown[] = [];
    keep(alive.consume('morto', async (job) => void ran.push(job.payload), { concurrency: 5 }));
    await until(async () => (await alive.counts('morto')).waiting === 1, 'o job esperar o lugar');
    expect(await dying.kill()).toBeNull();
    await until(() => ran.length === 1, 'o lugar voltar');
    expect(ran).toEqual(['depois']);
  });

  it('keeps a running job’s place past its lease while it runs', async () => {
    const driver = open();
    const bull = new Queue(bullName('renova'), { connection: connectionOf(redisUrl!), prefix });
    const limited = { workspaceId: 'ws', concurrencyKey: 'flow-3', concurrencyLimit: 1 };
    await driver.enqueue('renova', { ...limited, payload: 'longo' });
    const waiting = await driver.enqueue('renova', { ...limited, payload: 'curto' });
    const events: string[] = [];
    keep(
      driver.consume(
        'renova',
        async (job) => {
          events.push(`início ${job.payload}`);
          if (job.payload === 'longo') {
            // Runs until the parked job was looked at again after two leases.
            await until(
              async () => ((await bull.getJob(waiting.id))?.attemptsStarted ?? 0) >= 3,
              'duas novas tentativas do job estacionado',
            );
          }
          events.push(`fim ${job.payload}`);
        },
        { concurrency: 2 },
      ),
    );
    await until(() => events.length === 4, 'os dois jobs');
    await bull.close();
    expect(events).toEqual(['início longo', 'fim longo', 'início curto', 'fim curto']);
  });

  it('serves a workspace with two jobs before another one’s backlog of 50, keeping each order', async () => {
    const driver = open();
    for (let i = 0; i < 50; i++) await driver.enqueue('justa', { workspaceId: 'A', payload: i });
    for (let i = 0; i < 2; i++) await driver.enqueue('justa', { workspaceId: 'B', payload: i });
    const order: ExecutionJob[] = [];
    keep(driver.consume('justa', async (job) => void order.push(job), { concurrency: 1 }));
    await until(() => order.length === 52, 'todos os jobs');
    const started = order.map((job) => job.workspaceId);
    expect(started.indexOf('B')).toBeLessThan(4);
    expect(started.lastIndexOf('B')).toBeLessThan(6);
    const ofA = order.filter((job) => job.workspaceId === 'A').map((job) => job.payload);
    expect(ofA).toEqual([...Array(50).keys()]);
  });

  it('hands a running job back to the queue, where another process takes it', async () => {
    const [leaving, staying] = [open(), open()];
    await leaving.enqueue('devolve', { workspaceId: 'ws', payload: { pedido: 42 } });
    let reason: unknown;
    let started = false;
    const holder = leaving.consume(
      'devolve',
      (_job, signal) =>
        new Promise<void>((resolve) => {
          started = true;
          signal.addEventListener('abort', () => ((reason = signal.reason), resolve()));
        }),
      { concurrency: 1 },
    );
    await until(() => started, 'o job começar no processo que sai');
    await holder.stop(50, { handBack: true });
    expect(reason).toBeInstanceOf(HandedBack);
    const taken: ExecutionJob[] = [];
    keep(staying.consume('devolve', async (job) => void taken.push(job), { concurrency: 1 }));
    await until(() => taken.length === 1, 'o outro processo pegar o job');
    expect(taken[0]!.payload).toEqual({ pedido: 42 });
    await until(async () => (await staying.counts('devolve')).active === 0, 'o job terminar');
    expect(await staying.counts('devolve')).toMatchObject({ waiting: 0, failed: 0 });
  });

  it('delivers once more the job of a process killed with -9, then lets it finish', async () => {
    const alive = open();
    const job = await alive.enqueue('parado', { workspaceId: 'ws', payload: 'x' });
    const dying = dyingConsumer('parado', { lockDurationMs: 1000, stalledIntervalMs: 300 });
    expect(await dying.holding).toBe(job.id);
    expect(await dying.kill()).toBeNull();
    const seen: ExecutionJob[] = [];
    keep(alive.consume('parado', async (again) => void seen.push(again), { concurrency: 1 }));
    await until(() => seen.length === 1, 'o job voltar');
    expect(seen[0]).toMatchObject({ id: job.id, payload: 'x', attempts: 2 });
    await until(async () => (await alive.counts('parado')).active === 0, 'o job terminar');
    expect(await alive.counts('parado')).toMatchObject({ waiting: 0, delayed: 0, failed: 0 });
  });
});
