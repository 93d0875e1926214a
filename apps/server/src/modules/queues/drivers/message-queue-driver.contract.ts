import { afterEach, expect, it } from 'vitest';
import type { QueueCounts } from '@ponte/shared/queues.schema';
import {
  DuplicateMessageError,
  type MessageConsumer,
  type MessageHandler,
  type MessageQueueDriver,
  type QueueMessage,
} from './message-queue-driver';
import { until } from '../../../test/until';

/** A promise the test resolves by hand. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** What a driver's test file gives the contract. */
export interface MessageDriverSetup {
  /** A driver over the test's storage (the same storage on every call). */
  open(): Promise<MessageQueueDriver>;
  /** Another driver over the same storage: a second process, or the restarted one. */
  reopen(): Promise<MessageQueueDriver>;
  /** A fresh queue: its row in `queues` (rate 1, not paused), answering its id. */
  createQueue(): Promise<string>;
  /**
   * The process of `driver` dies (kill -9): its timers and connections stop, its running
   * handlers never settle and nothing is written on its way out.
   */
  abandon(driver: MessageQueueDriver): Promise<void>;
  /** The lease the drivers were opened with (a message held longer must not run twice). */
  leaseMs?: number;
}

const workspaceId = 'ws-contrato';

/** Most starts found in any window of 1000 ms. */
function mostStartsInOneSecond(starts: Date[]): number {
  const times = starts.map((at) => at.getTime()).sort((a, b) => a - b);
  let most = 0;
  for (let i = 0; i < times.length; i++) {
    let j = i;
    while (j < times.length && times[j]! - times[i]! < 1000) j++;
    most = Math.max(most, j - i);
  }
  return most;
}

/** The waiting of `until`, for longer runs (the rate tests): polls every 50 ms up to `ms`. */
async function untilWithin(check: () => boolean | Promise<boolean>, what: string, ms: number) {
  for (let waited = 0; waited < ms; waited += 50) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Esperou demais por: ${what}`);
}

/** The behaviour every message queue driver must have (docs/adr/0034). */
export function messageQueueDriverContract(setup: () => MessageDriverSetup) {
  const consumers: MessageConsumer[] = [];
  const drivers: MessageQueueDriver[] = [];
  const blockers: (() => void)[] = [];
  afterEach(async () => {
    blockers.splice(0).forEach((open) => open());
    await Promise.all(consumers.splice(0).map((consumer) => consumer.stop(0)));
    await Promise.all(drivers.splice(0).map((driver) => driver.close()));
  });
  const tracked = async (opening: Promise<MessageQueueDriver>) => {
    const driver = await opening;
    drivers.push(driver);
    await driver.start();
    return driver;
  };
  const consume = (
    driver: MessageQueueDriver,
    queueId: string,
    handler: MessageHandler,
    concurrency = 1,
  ) => {
    const consumer = driver.consume(queueId, handler, { concurrency });
    consumers.push(consumer);
    return consumer;
  };
  const blocker = () => {
    const held = gate();
    blockers.push(held.open);
    return held;
  };
  /** A driver and a fresh queue without a rate limit. */
  const freshQueue = async (rate = 0) => {
    const world = setup();
    const driver = await tracked(world.open());
    const queueId = await world.createQueue();
    await driver.setRate(queueId, rate);
    return { world, driver, queueId };
  };
  const counts = (driver: MessageQueueDriver, queueId: string, expected: Partial<QueueCounts>) =>
    until(
      async () => {
        const now = await driver.counts(queueId);
        return Object.entries(expected).every(
          ([state, n]) => now[state as keyof QueueCounts] === n,
        );
      },
      `os contadores ${JSON.stringify(expected)}`,
    );
  const publish = (driver: MessageQueueDriver, queueId: string, message: unknown, delayMs = 0) =>
    driver.publish(queueId, { workspaceId, message, publisher: 'Fluxo publicador', delayMs });

  it('delivers a published message with its content, publisher and attempts', async () => {
    const { driver, queueId } = await freshQueue();
    const published = await publish(driver, queueId, { pedido: 7 });
    expect(published).toMatchObject({ queueId, state: 'waiting', attempts: 0, delayMs: 0 });
    const seen: QueueMessage[] = [];
    consume(driver, queueId, async (message) => void seen.push(message));
    await until(() => seen.length === 1, 'a mensagem ser consumida');
    expect(seen[0]).toMatchObject({
      id: published.id,
      queueId,
      workspaceId,
      message: { pedido: 7 },
      publisher: 'Fluxo publicador',
      state: 'active',
      attempts: 1,
    });
    expect(seen[0]!.startedAt).toBeInstanceOf(Date);
    await counts(driver, queueId, { active: 0, waiting: 0, completed: 1 });
  });

  it('starts the messages of a queue in publish order, a delayed one in its place', async () => {
    const { driver, queueId } = await freshQueue();
    await publish(driver, queueId, 'atrasada', 300);
    await publish(driver, queueId, 'primeira');
    await publish(driver, queueId, 'segunda');
    await counts(driver, queueId, { delayed: 0, waiting: 3 });
    await publish(driver, queueId, 'última');
    const order: unknown[] = [];
    consume(driver, queueId, async (message) => void order.push(message.message));
    await until(() => order.length === 4, 'as quatro mensagens');
    expect(order).toEqual(['primeira', 'segunda', 'atrasada', 'última']);
  });

  it('starts at most max_per_second messages in any second', async () => {
    const { driver, queueId } = await freshQueue(5);
    for (let i = 0; i < 12; i++) await publish(driver, queueId, i);
    const starts: Date[] = [];
    consume(driver, queueId, async (message) => void starts.push(message.startedAt!), 4);
    await untilWithin(() => starts.length === 12, 'as 12 mensagens', 20_000);
    // Never more than 5 in a second, and the rate is used (not throttled down to far less).
    expect(mostStartsInOneSecond(starts)).toBeLessThanOrEqual(5);
    expect(mostStartsInOneSecond(starts)).toBeGreaterThanOrEqual(4);
  });

  it('does not limit a queue whose rate is 0', async () => {
    const { driver, queueId } = await freshQueue(0);
    for (let i = 0; i < 20; i++) await publish(driver, queueId, i);
    const starts: Date[] = [];
    consume(driver, queueId, async (message) => void starts.push(message.startedAt!), 4);
    await until(() => starts.length === 20, 'as 20 mensagens');
    expect(mostStartsInOneSecond(starts)).toBeGreaterThan(5);
  });

  it('keeps the rate across two processes consuming the same queue', async () => {
    const { world, driver, queueId } = await freshQueue(5);
    const other = await tracked(world.reopen());
    for (let i = 0; i < 12; i++) await publish(driver, queueId, i);
    const starts = new Map<string, Date[]>();
    const handler: MessageHandler = async (message) => {
      starts.set(message.id, [...(starts.get(message.id) ?? []), message.startedAt!]);
    };
    consume(driver, queueId, handler, 4);
    consume(other, queueId, handler, 4);
    await untilWithin(() => starts.size === 12, 'as 12 mensagens', 20_000);
    expect([...starts.values()].every((each) => each.length === 1)).toBe(true);
    expect(mostStartsInOneSecond([...starts.values()].flat())).toBeLessThanOrEqual(5);
  });

  it('holds a delayed message until its time', async () => {
    const { driver, queueId } = await freshQueue();
    const published = await publish(driver, queueId, 'depois', 800);
    expect(published.runAt.getTime() - published.publishedAt.getTime()).toBe(800);
    expect(await driver.counts(queueId)).toMatchObject({ delayed: 1, waiting: 0 });
    const listed = await driver.list(queueId, { states: ['delayed'], page: 1, limit: 10 });
    expect(listed.total).toBe(1);
    expect(listed.items[0]).toMatchObject({ id: published.id, state: 'delayed', delayMs: 800 });
    const seen: QueueMessage[] = [];
    consume(driver, queueId, async (message) => void seen.push(message));
    await until(() => seen.length === 1, 'a mensagem atrasada');
    expect(seen[0]!.startedAt!.getTime()).toBeGreaterThanOrEqual(published.runAt.getTime());
  });

  it('keeps the delayed flag of a message published delayed by 0 seconds, due at once', async () => {
    const { driver, queueId } = await freshQueue();
    await driver.pause(queueId);
    const now = await driver.publish(queueId, {
      workspaceId,
      message: 'já',
      publisher: 'Ana',
      delayed: true,
    });
    const plain = await publish(driver, queueId, 'comum');
    const later = await publish(driver, queueId, 'depois', 60_000);
    expect(await driver.get(queueId, now.id)).toMatchObject({ delayed: true, state: 'paused' });
    expect(await driver.get(queueId, plain.id)).toMatchObject({ delayed: false });
    expect(await driver.get(queueId, later.id)).toMatchObject({ delayed: true, state: 'delayed' });
  });

  it('starts nothing while paused, loses nothing, and drains on resume', async () => {
    const { world, driver, queueId } = await freshQueue();
    const control = await world.createQueue();
    await driver.setRate(control, 0);
    await driver.pause(queueId);
    expect(await driver.isPaused(queueId)).toBe(true);
    for (const n of [1, 2, 3]) await publish(driver, queueId, n);
    await publish(driver, queueId, 'atrasada', 200);
    const seen: unknown[] = [];
    consume(driver, queueId, async (message) => void seen.push(message.message));
    const controlSeen: unknown[] = [];
    consume(driver, control, async (message) => void controlSeen.push(message.message));
    // A queue beside it runs two rounds while the paused one waits.
    await publish(driver, control, 'a');
    await until(() => controlSeen.length === 1, 'a fila ao lado');
    await counts(driver, queueId, { delayed: 0, paused: 4 });
    await publish(driver, control, 'b');
    await until(() => controlSeen.length === 2, 'a fila ao lado de novo');
    expect(seen).toEqual([]);
    expect(await driver.counts(queueId)).toMatchObject({ paused: 4, waiting: 0, active: 0 });
    const listed = await driver.list(queueId, { states: ['paused'], page: 1, limit: 10 });
    expect(listed.items.map((item) => item.state)).toEqual([
      'paused',
      'paused',
      'paused',
      'paused',
    ]);
    await driver.resume(queueId);
    expect(await driver.isPaused(queueId)).toBe(false);
    await until(() => seen.length === 4, 'as quatro mensagens depois de retomar');
    expect(seen).toEqual([1, 2, 3, 'atrasada']);
  });

  it('cleans delayed, waiting and paused messages, not running or failed ones', async () => {
    const { driver, queueId } = await freshQueue();
    const held = blocker();
    await publish(driver, queueId, 'falha');
    await publish(driver, queueId, 'ativa');
    consume(driver, queueId, async (message) => {
      if (message.message === 'falha') throw new Error('falhou');
      await held.opened;
    });
    await counts(driver, queueId, { failed: 1, active: 1 });
    await publish(driver, queueId, 'esperando');
    await publish(driver, queueId, 'atrasada', 60_000);
    expect(await driver.counts(queueId)).toMatchObject({ waiting: 1, delayed: 1 });
    expect(await driver.clean(queueId)).toBe(2);
    expect(await driver.counts(queueId)).toMatchObject({
      waiting: 0,
      delayed: 0,
      active: 1,
      failed: 1,
    });
    await driver.pause(queueId);
    await publish(driver, queueId, 'pausada');
    expect((await driver.counts(queueId)).paused).toBe(1);
    expect(await driver.clean(queueId)).toBe(1);
    expect(await driver.counts(queueId)).toMatchObject({ paused: 0, active: 1, failed: 1 });
  });

  it('removes a pending message, refuses a running one', async () => {
    const { driver, queueId } = await freshQueue();
    const held = blocker();
    const running = await publish(driver, queueId, 'rodando');
    const pending = await publish(driver, queueId, 'atrasada', 60_000);
    consume(driver, queueId, () => held.opened);
    await counts(driver, queueId, { active: 1, delayed: 1 });
    expect(await driver.remove(queueId, pending.id)).toBe(true);
    expect(await driver.get(queueId, pending.id)).toBeNull();
    expect(await driver.remove(queueId, running.id)).toBe(false);
    expect(await driver.get(queueId, running.id)).toMatchObject({ state: 'active' });
    expect(await driver.remove(queueId, pending.id)).toBe(false);
    expect(await driver.counts(queueId)).toMatchObject({ delayed: 0, active: 1 });
  });

  it('counts the messages in every state', async () => {
    const { driver, queueId } = await freshQueue();
    const held = blocker();
    await publish(driver, queueId, 'ok');
    await publish(driver, queueId, 'falha');
    await publish(driver, queueId, 'segura');
    consume(driver, queueId, async (message) => {
      if (message.message === 'falha') throw new Error('falhou');
      if (message.message === 'segura') await held.opened;
    });
    await counts(driver, queueId, { completed: 1, failed: 1, active: 1 });
    await publish(driver, queueId, 'esperando');
    await publish(driver, queueId, 'atrasada', 60_000);
    expect(await driver.counts(queueId)).toEqual({
      delayed: 1,
      waiting: 1,
      paused: 0,
      active: 1,
      failed: 1,
      completed: 1,
    });
    await driver.pause(queueId);
    expect(await driver.counts(queueId)).toEqual({
      delayed: 1,
      waiting: 0,
      paused: 1,
      active: 1,
      failed: 1,
      completed: 1,
    });
  });

  it('keeps a failed message with its error, and retries it with the same id', async () => {
    const { driver, queueId } = await freshQueue();
    const published = await publish(driver, queueId, 'instável');
    let runs = 0;
    consume(driver, queueId, async () => {
      if (++runs === 1) throw new Error('A API respondeu 503');
    });
    await counts(driver, queueId, { failed: 1 });
    const failed = await driver.get(queueId, published.id);
    expect(failed).toMatchObject({ state: 'failed', error: 'A API respondeu 503', attempts: 1 });
    const listed = await driver.list(queueId, { states: ['failed'], page: 1, limit: 10 });
    expect(listed.items.map((item) => item.id)).toEqual([published.id]);
    expect(await driver.retry(queueId, published.id)).toBe(true);
    await counts(driver, queueId, { failed: 0, completed: 1 });
    expect(await driver.get(queueId, published.id)).toMatchObject({
      state: 'completed',
      attempts: 2,
      error: null,
    });
    expect(await driver.retry(queueId, published.id)).toBe(false);
  });

  it('keeps completed messages', async () => {
    const { driver, queueId } = await freshQueue();
    for (let i = 0; i < 3; i++) await publish(driver, queueId, i);
    consume(driver, queueId, async (message, _signal, run) => {
      run.setExecutionId(`exec-${String(message.message)}`);
    });
    await counts(driver, queueId, { completed: 3 });
    const listed = await driver.list(queueId, { states: ['completed'], page: 1, limit: 10 });
    expect(listed.total).toBe(3);
    expect(listed.items.map((item) => item.executionId).sort()).toEqual([
      'exec-0',
      'exec-1',
      'exec-2',
    ]);
  });

  it('refuses a duplicate dedup key while the first waits, accepts it once it started', async () => {
    const { driver, queueId } = await freshQueue();
    const held = blocker();
    const first = await driver.publish(queueId, {
      workspaceId,
      message: 1,
      publisher: 'p',
      dedupKey: 'pedido-7',
    });
    await expect(
      driver.publish(queueId, { workspaceId, message: 2, publisher: 'p', dedupKey: 'pedido-7' }),
    ).rejects.toBeInstanceOf(DuplicateMessageError);
    expect((await driver.counts(queueId)).waiting).toBe(1);
    consume(driver, queueId, () => held.opened);
    await until(async () => (await driver.get(queueId, first.id))?.state === 'active', 'começar');
    const again = await driver.publish(queueId, {
      workspaceId,
      message: 3,
      publisher: 'p',
      dedupKey: 'pedido-7',
    });
    expect(again.id).not.toBe(first.id);
  });

  it('gives a message back after its process died, same id, to a restarted process', async () => {
    const world = setup();
    const dead = await world.open();
    await dead.start();
    const queueId = await world.createQueue();
    await dead.setRate(queueId, 0);
    const published = await publish(dead, queueId, 'sobrevive');
    dead.consume(queueId, () => new Promise<void>(() => undefined), { concurrency: 1 });
    await until(
      async () => (await dead.get(queueId, published.id))?.state === 'active',
      'a mensagem começar no processo que vai morrer',
    );
    await world.abandon(dead);
    const restarted = await tracked(world.reopen());
    const seen: QueueMessage[] = [];
    consume(restarted, queueId, async (message) => void seen.push(message));
    await until(() => seen.length === 1, 'a mensagem voltar depois do lease');
    expect(seen[0]).toMatchObject({ id: published.id, message: 'sobrevive', attempts: 2 });
    await counts(restarted, queueId, { completed: 1, active: 0, waiting: 0 });
  });

  it('gives back, not fails, a message whose consumer stopped (a restart)', async () => {
    const { driver, queueId } = await freshQueue();
    const published = await publish(driver, queueId, 'longa');
    const stopping = driver.consume(
      queueId,
      (_message, signal) =>
        new Promise<void>((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(new Error('interrompida'))),
        ),
      { concurrency: 1 },
    );
    await until(
      async () => (await driver.get(queueId, published.id))?.state === 'active',
      'a mensagem começar',
    );
    await stopping.stop(0);
    expect(await driver.get(queueId, published.id)).toMatchObject({
      state: 'waiting',
      error: null,
    });
    const seen: QueueMessage[] = [];
    consume(driver, queueId, async (message) => void seen.push(message));
    await until(() => seen.length === 1, 'a mensagem de novo');
    expect(seen[0]).toMatchObject({ id: published.id, attempts: 2 });
  });

  it('keeps a message running longer than its lease to its living process', async () => {
    const { world, driver, queueId } = await freshQueue();
    const other = await tracked(world.reopen());
    const published = await publish(driver, queueId, 'demorada');
    const held = blocker();
    const runs: number[] = [];
    const handler: MessageHandler = async (message) => {
      runs.push(message.attempts);
      await held.opened;
    };
    consume(driver, queueId, handler);
    await until(() => runs.length === 1, 'a mensagem começar');
    consume(other, queueId, handler);
    // A message delayed by three leases starts while the first still runs: the drivers' own
    // clock shows the leases went by, and the first did not run again meanwhile.
    await publish(driver, queueId, 'seguinte', 3 * (world.leaseMs ?? 700));
    await until(() => runs.length === 2, 'a mensagem seguinte');
    expect(runs).toEqual([1, 1]);
    expect(await driver.get(queueId, published.id)).toMatchObject({ state: 'active', attempts: 1 });
    held.open();
    await counts(driver, queueId, { completed: 2, active: 0 });
  });

  it('drops every message of a deleted queue', async () => {
    const { driver, queueId } = await freshQueue();
    const published = await publish(driver, queueId, 'esperando');
    await publish(driver, queueId, 'atrasada', 60_000);
    await driver.drop(queueId);
    expect(await driver.counts(queueId)).toEqual({
      delayed: 0,
      waiting: 0,
      paused: 0,
      active: 0,
      failed: 0,
      completed: 0,
    });
    expect(await driver.get(queueId, published.id)).toBeNull();
  });
}
