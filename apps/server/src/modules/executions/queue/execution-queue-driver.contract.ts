import { afterEach, expect, it } from 'vitest';
import type {
  ExecutionQueueConsumer,
  ExecutionQueueDriver,
  ExecutionJob,
} from './execution-queue-driver';
import { until } from '../../../test/until';

/** A test only a driver with the capability has (the others do not list it as skipped). */
const when = (holds: boolean) =>
  holds ? it : (_name: string, _test: () => Promise<void>) => undefined;

/** A promise the test resolves by hand. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** What a driver can do beyond the common behaviour. */
export interface ExecutionQueueDriverCapabilities {
  /** `reserve` may give a slot (the embedded driver); without it, `reserve` always gives null. */
  fastPath: boolean;
  /**
   * `recover` fails, at start, the jobs a dead process left active (the embedded driver);
   * without it, `recover` gives [] (the jobs come back by their lock, BullMQ's stalled jobs).
   */
  recoversAtStart: boolean;
}

/**
 * The behaviour every queue driver must have. `open()` gives a driver over fresh storage;
 * `reopen()` gives a second driver over the same storage (a restarted process, or another one).
 */
export function executionQueueDriverContract(
  setup: () => { open(): ExecutionQueueDriver; reopen(): ExecutionQueueDriver },
  capabilities: ExecutionQueueDriverCapabilities = { fastPath: true, recoversAtStart: true },
) {
  const consumers: ExecutionQueueConsumer[] = [];
  const consume = (
    driver: ExecutionQueueDriver,
    ...args: Parameters<ExecutionQueueDriver['consume']>
  ) => {
    const consumer = driver.consume(...args);
    consumers.push(consumer);
    return consumer;
  };
  afterEach(async () => {
    await Promise.all(consumers.splice(0).map((consumer) => consumer.stop(0)));
  });

  it('runs an enqueued job with its payload, then forgets it', async () => {
    const driver = setup().open();
    const seen: ExecutionJob[] = [];
    await driver.enqueue('q1', { workspaceId: 'ws', payload: { pedido: 7 } });
    consume(driver, 'q1', async (job) => void seen.push(job), { concurrency: 1 });
    await until(() => seen.length === 1, 'o job rodar');
    expect(seen[0]).toMatchObject({
      queue: 'q1',
      workspaceId: 'ws',
      payload: { pedido: 7 },
      attempts: 1,
    });
    await until(async () => (await driver.counts('q1')).active === 0, 'o job terminar');
    expect(await driver.counts('q1')).toEqual({
      waiting: 0,
      delayed: 0,
      active: 0,
      completed: 0,
      failed: 0,
    });
  });

  it('never runs more than the concurrency, and finishes every job', async () => {
    const driver = setup().open();
    const release = gate();
    let running = 0;
    let most = 0;
    let done = 0;
    for (let i = 0; i < 5; i++) await driver.enqueue('q2', { workspaceId: 'ws', payload: i });
    consume(
      driver,
      'q2',
      async () => {
        most = Math.max(most, ++running);
        await release.opened;
        running--;
        done++;
      },
      { concurrency: 2 },
    );
    await until(() => running === 2, 'dois jobs ao mesmo tempo');
    expect((await driver.counts('q2')).waiting).toBe(3);
    release.open();
    await until(() => done === 5, 'todos os jobs');
    expect(most).toBe(2);
  });

  it('starts a job enqueued while the consumer is between looks, without an idle poll', async () => {
    const driver = setup().open();
    const release = gate();
    let started = 0;
    // Each job enqueues the next a moment after it starts: the new job lands while the
    // consumer is still looking for more work or arming its timer.
    consume(
      driver,
      'q-chain',
      async (job) => {
        started++;
        const n = job.payload as number;
        if (n < 40) {
          await new Promise((resolve) => setTimeout(resolve, n % 4));
          await driver.enqueue('q-chain', { workspaceId: 'ws', payload: n + 1 });
        }
        await release.opened;
      },
      { concurrency: 100 },
    );
    await driver.enqueue('q-chain', { workspaceId: 'ws', payload: 0 });
    // The idle poll is 30 s away: every job must have started through its own wake-up.
    await until(() => started === 41, 'os 41 jobs começarem');
    release.open();
  });

  it('keeps jobs sharing a concurrency key under its limit', async () => {
    const driver = setup().open();
    let running = 0;
    let most = 0;
    let done = 0;
    const freeRan = gate();
    for (let i = 0; i < 10; i++) {
      await driver.enqueue('q3', {
        workspaceId: 'ws',
        payload: i,
        concurrencyKey: 'flow-1',
        concurrencyLimit: 2,
      });
    }
    await driver.enqueue('q3', { workspaceId: 'ws', payload: 'livre' });
    consume(
      driver,
      'q3',
      async (job) => {
        if (job.payload === 'livre') {
          freeRan.open();
          done++;
          return;
        }
        most = Math.max(most, ++running);
        // The limited jobs hold their places until the job without a key has run: were it to
        // wait behind them, nothing would end.
        await freeRan.opened;
        await new Promise((resolve) => setTimeout(resolve, 20));
        running--;
        done++;
      },
      { concurrency: 10 },
    );
    await until(() => done === 11, 'todos os jobs');
    expect(most).toBe(2);
  });

  it('gives a workspace with one job its turn before another workspace’s backlog', async () => {
    const driver = setup().open();
    for (let i = 0; i < 20; i++)
      await driver.enqueue('q4', { workspaceId: 'barulhento', payload: i });
    await driver.enqueue('q4', { workspaceId: 'quieto', payload: 'q' });
    const order: string[] = [];
    consume(
      driver,
      'q4',
      async (job) => {
        order.push(job.workspaceId);
        await new Promise((resolve) => setTimeout(resolve, 5));
      },
      { concurrency: 1 },
    );
    await until(() => order.length === 21, 'todos os jobs');
    expect(order.indexOf('quieto')).toBeLessThanOrEqual(1);
  });

  it('runs a delayed job only once its time has come', async () => {
    const driver = setup().open();
    const job = await driver.enqueue('q5', { workspaceId: 'ws', payload: null, delayMs: 150 });
    expect((await driver.counts('q5')).delayed).toBe(1);
    let startedAt = 0;
    consume(driver, 'q5', async () => void (startedAt = Date.now()), { concurrency: 1 });
    await until(() => startedAt > 0, 'o job atrasado');
    expect(startedAt).toBeGreaterThanOrEqual(job.runAt.getTime());
  });

  it('records a failure with its message', async () => {
    const driver = setup().open();
    const job = await driver.enqueue('q6', { workspaceId: 'ws', payload: null });
    consume(
      driver,
      'q6',
      async () => {
        throw new Error('Deu errado');
      },
      { concurrency: 1 },
    );
    await until(async () => (await driver.counts('q6')).failed === 1, 'a falha');
    const { items } = await driver.list('q6', { status: 'failed', page: 1, limit: 10 });
    expect(items).toMatchObject([{ id: job.id, status: 'failed', error: 'Deu errado' }]);
  });

  it('holds jobs while paused, runs them after resume, and removes a waiting job', async () => {
    const driver = setup().open();
    driver.pause('q7');
    const ran: unknown[] = [];
    consume(driver, 'q7', async (job) => void ran.push(job.payload), { concurrency: 1 });
    const removed = await driver.enqueue('q7', { workspaceId: 'ws', payload: 'removido' });
    await driver.enqueue('q7', { workspaceId: 'ws', payload: 'fica' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ran).toEqual([]);
    expect(driver.isPaused('q7')).toBe(true);
    expect(await driver.remove(removed.id)).toBe(true);
    expect(await driver.remove(removed.id)).toBe(false);
    driver.resume('q7');
    await until(() => ran.length === 1, 'o job depois de retomar');
    expect(ran).toEqual(['fica']);
  });

  when(!capabilities.fastPath)('gives no slot: every job is enqueued', async () => {
    const driver = setup().open();
    const limited = { workspaceId: 'ws', concurrencyKey: 'flow-9', concurrencyLimit: 1 };
    consume(driver, 'q9', async () => undefined, { concurrency: 3 });
    expect(driver.reserve('q9', limited)).toBeNull();
    expect(driver.reserve('q9', { workspaceId: 'ws' })).toBeNull();
  });

  when(capabilities.fastPath)(
    'a slot starts a job at once; it counts against the limits while it runs, and none is given while jobs wait',
    async () => {
      const driver = setup().open();
      const limited = { workspaceId: 'ws', concurrencyKey: 'flow-9', concurrencyLimit: 1 };
      expect(driver.reserve('q9', limited)).toBeNull(); // no consumer in this process yet
      const release = gate();
      const ran: unknown[] = [];
      let running = 0;
      let most = 0;
      consume(
        driver,
        'q9',
        async (job) => {
          ran.push(job.payload);
          most = Math.max(most, ++running);
          await release.opened;
          running--;
        },
        { concurrency: 3 },
      );
      // A slot given back unused leaves the place free.
      const spare = await until(() => driver.reserve('q9', limited), 'um slot');
      spare.release();
      const slot = driver.reserve('q9', limited);
      expect(slot).not.toBeNull();
      slot!.start('do slot');
      await until(() => ran.length === 1, 'o job do slot começar');
      expect(ran).toEqual(['do slot']);
      expect((await driver.counts('q9')).active).toBe(1);
      expect(driver.reserve('q9', limited)).toBeNull(); // the key is at its limit

      // A job of the same key enqueued now waits for the slot's job, and no slot jumps it.
      await driver.enqueue('q9', { ...limited, payload: 'na fila' });
      expect(driver.reserve('q9', { workspaceId: 'ws' })).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(ran).toEqual(['do slot']);
      release.open();
      await until(() => ran.length === 2, 'o job da fila');
      expect(most).toBe(1);
      await until(async () => (await driver.counts('q9')).active === 0, 'tudo terminar');
      expect(await driver.counts('q9')).toMatchObject({ waiting: 0, active: 0, failed: 0 });
    },
  );

  it('keeps what was enqueued across a restart, and fails what was running as crashed (or leaves it to its lock)', async () => {
    const storage = setup();
    const first = storage.open();
    const hang = gate();
    const running = await first.enqueue('q8', { workspaceId: 'ws', payload: 'rodando' });
    consume(first, 'q8', () => hang.opened, { concurrency: 1 });
    await until(async () => (await first.counts('q8')).active === 1, 'o job começar');
    await first.enqueue('q8', { workspaceId: 'ws', payload: 'na fila' });

    // The process "dies": a new driver over the same storage starts.
    const second = storage.reopen();
    const crashed = await second.recover();
    expect(crashed.map((job) => [job.id, job.status, job.error])).toEqual(
      capabilities.recoversAtStart ? [[running.id, 'failed', 'crashed']] : [],
    );
    const ran: unknown[] = [];
    consume(second, 'q8b', async () => undefined, { concurrency: 1 });
    consume(second, 'q8', async (job) => void ran.push(job.payload), { concurrency: 1 });
    await until(() => ran.length === 1, 'o job da fila depois do reinício');
    expect(ran).toEqual(['na fila']);
    hang.open();
  });
}
