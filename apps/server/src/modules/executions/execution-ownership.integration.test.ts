import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestNodes } from '@ponte/engine/testing/test-nodes';
import type { ClusterOptions } from '../../cluster/cluster';
import { executionsCrashedChannel } from '../../cluster/execution-reaper';
import { createRedisBus } from '../../cluster/redis-bus';
import type { DatabaseHandle } from '../../db/client';
import { flows, ponteProcesses } from '../../db/schema';
import { serverRoot } from '../../package-root';
import { chain as flowOf, type Step } from '../../test/flow-fixtures';
import { createSecondRunner, type SecondRunner } from '../../test/second-runner';
import {
  createSharedTestDatabase,
  postgresTestUrl,
  type SharedTestDatabase,
} from '../../test/test-database';
import { until } from '../../test/until';
import { createAuthRepository } from '../auth/auth.repository';

const redisUrl = process.env.PONTE_TEST_REDIS_URL;
if (!redisUrl) {
  console.warn(
    'Posse das execuções entre processos: PONTE_TEST_REDIS_URL ausente, testes ignorados.',
  );
}

const { nodes } = createTestNodes();
const chain = (...steps: Step[]) => flowOf({ type: 'test_trigger' }, ...steps);
/** Short leases keep the crash tests quick: a dead worker is noticed within 3 s (+ a sweep). */
const leaseMs = 3_000;

/** A worker in another process, driven through its stdin (cluster-runner-process.ts). */
interface Worker {
  processId: string;
  child: ChildProcessWithoutNullStreams;
  /** The next JSON line it prints. */
  next(): Promise<Record<string, unknown>>;
  send(command: object): void;
}

describe.skipIf(!redisUrl)('execution ownership across processes', () => {
  // Every run has its own key prefix, and deletes its keys at the end.
  const prefix = `ponte-teste-${randomUUID()}`;
  let shared: SharedTestDatabase;
  let workspaceId: string;
  let hang: string;
  let quick: string;
  let respondThenHang: string;
  const children: Worker[] = [];
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    shared = await createSharedTestDatabase(postgresTestUrl ? 'postgres' : 'embedded');
    const setup = await shared.open();
    ({ workspaceId } = await setup.db.transaction((tx) =>
      createAuthRepository(tx).createOwnerAccount(
        {
          customerName: 'Cliente',
          workspaceName: 'Workspace',
          userName: 'Pessoa',
          email: 'pessoa@exemplo.com.br',
          passwordHash: 'x',
        },
        new Date(),
      ),
    ));
    const addFlow = async (data: object) => {
      const id = randomUUID();
      await setup.db.insert(flows).values({
        id,
        workspaceId,
        name: 'Flow',
        enabled: true,
        triggers: [{ node_uid: 'n0', node_type: 'test_trigger' }],
        variables: [],
        data,
        config: { rate_limit: 0 },
      });
      return id;
    };
    hang = await addFlow(chain({ type: 'test_hang' }));
    quick = await addFlow(chain({ type: 'core_log', params: { label: 'ok', message: 'ok' } }));
    respondThenHang = await addFlow(
      chain(
        { type: 'core_respond_webhook', params: { status: 201, body: 'recebido' } },
        { type: 'test_hang' },
      ),
    );
    await setup.close();
  });

  afterEach(async () => {
    // The workers still alive close as on shutdown: their executions end, none is left running.
    for (const worker of children.splice(0)) {
      if (worker.child.exitCode !== null || worker.child.signalCode !== null) continue;
      const exited = new Promise((resolve) => worker.child.once('exit', resolve));
      worker.send({ close: 100 });
      await exited;
    }
    for (const close of closers.splice(0).reverse()) await close();
  });

  afterAll(async () => {
    await shared?.dispose();
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  /** A worker process over the same database and Redis; resolves once it consumes. */
  async function spawnWorker(): Promise<Worker> {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/test/cluster-runner-process.ts',
        shared.location,
        JSON.stringify({ redisUrl, prefix, leaseMs }),
      ],
      { cwd: serverRoot, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let errors = '';
    child.stderr.on('data', (chunk) => (errors += String(chunk)));
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const next = async () => {
      const line = await lines.next();
      if (line.done) throw new Error(`o processo terminou antes:\n${errors}`);
      return JSON.parse(line.value) as Record<string, unknown>;
    };
    const send = (command: object) => child.stdin.write(`${JSON.stringify(command)}\n`);
    const ready = await next();
    const worker = { processId: ready.ready as string, child, next, send };
    children.push(worker);
    return worker;
  }

  /** A process of this test: its own pool, its own Redis bus, a runner in the cluster. */
  async function startProcess(options: { start?: boolean } = {}) {
    const database = await shared.open();
    const bus = createRedisBus({ url: redisUrl!, prefix });
    await bus.start();
    const cluster: ClusterOptions = {
      role: 'worker',
      bus,
      leaseMs,
      redis: { url: redisUrl!, prefix },
    };
    const started: SecondRunner = createSecondRunner(database.db, { nodes, cluster });
    closers.push(async () => {
      await started.close(100);
      await bus.close();
      await database.close();
    });
    if (options.start ?? true) await started.runner.start();
    return { runner: started.runner, bus, database };
  }

  const request = (flowId: string) => ({
    workspaceId,
    flowId,
    triggerNodeUid: 'n0',
    msg: { payload: {} },
  });

  async function runIn(worker: Worker, flowId: string): Promise<string> {
    worker.send({ run: flowId, workspaceId });
    return (await worker.next()).running as string;
  }

  async function statusOf(database: DatabaseHandle, id: string) {
    const row = await database.db.query.executions.findFirst({
      where: (executions, { eq }) => eq(executions.id, id),
    });
    return row?.status;
  }

  it('a process starting leaves the running executions of a live process alone', async () => {
    const worker = await spawnWorker();
    const theirs = await runIn(worker, hang);
    const { runner, database } = await startProcess();
    expect(await statusOf(database, theirs)).toBe('running');
    // Its reaper swept at start and sweeps again: the other process's lease holds.
    const mine = await runner.enqueue(request(hang));
    await until(async () => (await statusOf(database, mine.execution_id)) === 'running', 'rodar');
    expect(await statusOf(database, theirs)).toBe('running');
  }, 60_000);

  it('a worker killed with -9: its execution is crashed once, by the survivors, and nothing else', async () => {
    const dying = await spawnWorker();
    const survivor = await spawnWorker();
    const { runner, database, bus } = await startProcess();
    const crashedIds: string[] = [];
    bus.subscribe(executionsCrashedChannel, (message) => {
      crashedIds.push(...(message as { ids: string[] }).ids);
    });
    const mine = await runner.enqueue(request(hang));
    const survivors = await runIn(survivor, hang);
    const lost = await runIn(dying, hang);
    await until(async () => (await statusOf(database, mine.execution_id)) === 'running', 'rodar');

    dying.child.kill('SIGKILL');
    // Within the lease (3 s) and a sweep, without any process restarting.
    await until(async () => (await statusOf(database, lost)) === 'crashed', 'crashed');
    await until(() => crashedIds.includes(lost), 'o aviso de crashed');
    const row = await database.db.query.executions.findFirst({
      where: (executions, { eq }) => eq(executions.id, lost),
    });
    expect(row?.error).toEqual({
      message: 'A execução foi interrompida: o processo do Ponte parou.',
    });
    expect(await statusOf(database, mine.execution_id)).toBe('running');
    expect(await statusOf(database, survivors)).toBe('running');
    // Two more sweeps of both reapers: still announced once.
    const processes = async () =>
      (await database.db.select().from(ponteProcesses)).map((row) => row.id);
    await until(
      async () => !(await processes()).includes(dying.processId),
      'a concessão vencida removida',
    );
    expect(crashedIds.filter((id) => id === lost)).toEqual([lost]);
  }, 60_000);

  it('a stop asked in one process stops the execution that runs in another', async () => {
    const worker = await spawnWorker();
    const { runner, database } = await startProcess();
    const theirs = await runIn(worker, hang);
    expect(await runner.stop(randomUUID(), theirs)).toBe(false);
    expect(await runner.stop(workspaceId, theirs)).toBe(true);
    expect(runner.isStopping(theirs)).toBe(true);
    await until(async () => (await statusOf(database, theirs)) === 'stopped', 'parar');
  }, 60_000);

  it('stop-all reaches the executions of every process of the workspace', async () => {
    const worker = await spawnWorker();
    const { runner, database } = await startProcess();
    const theirs = await runIn(worker, hang);
    const mine = await runner.enqueue(request(hang));
    await until(async () => (await statusOf(database, mine.execution_id)) === 'running', 'rodar');
    expect(await runner.stopAll(workspaceId)).toBe(2);
    expect((await mine.done).status).toBe('stopped');
    await until(async () => (await statusOf(database, theirs)) === 'stopped', 'parar');
  }, 60_000);

  it('the process that enqueued gets the result of the process that ran it', async () => {
    // This process consumes nothing: the job waits in the queue for another process.
    const { runner, database } = await startProcess({ start: false });
    const enqueued = await runner.enqueue(request(quick));
    expect(await statusOf(database, enqueued.execution_id)).toBe('queued');
    await spawnWorker();
    const result = await enqueued.done;
    expect(result).toMatchObject({
      execution_id: enqueued.execution_id,
      status: 'success',
      steps: 2,
    });
    expect(await statusOf(database, enqueued.execution_id)).toBe('success');
  }, 60_000);

  it('a webhook waiting in one process gets the response given by the flow in another', async () => {
    const { runner, database } = await startProcess({ start: false });
    const responses: unknown[] = [];
    const enqueued = await runner.enqueue({
      ...request(respondThenHang),
      respond: (response) => responses.push(response),
    });
    await spawnWorker();
    await until(() => responses.length > 0, 'a resposta do webhook');
    expect(responses).toEqual([{ status: 201, headers: {}, body: 'recebido' }]);
    // Answered while the flow still runs there.
    expect(await statusOf(database, enqueued.execution_id)).toBe('running');
    expect(await runner.stop(workspaceId, enqueued.execution_id)).toBe(true);
    expect((await enqueued.done).status).toBe('stopped');
  }, 60_000);

  it('a waiter whose execution died with its process gets a crashed result', async () => {
    const { runner } = await startProcess({ start: false });
    const enqueued = await runner.enqueue(request(hang));
    const worker = await spawnWorker();
    const { database } = await startProcess();
    await until(
      async () => (await statusOf(database, enqueued.execution_id)) === 'running',
      'rodar no outro processo',
    );
    worker.child.kill('SIGKILL');
    const result = await enqueued.done;
    expect(result).toMatchObject({
      status: 'error',
      crashed: true,
      error: { message: 'A execução foi interrompida: o processo do Ponte parou.' },
    });
  }, 60_000);
});
