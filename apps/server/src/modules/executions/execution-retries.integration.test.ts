import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { NodeOnError } from '@ponte/shared/flow/node-on-error';
import type { NodeRun } from '@ponte/shared/execution-data.schema';
import { executions, flows, logs } from '../../db/schema';
import { createExecutionDataRepository } from './execution-data.repository';
import { serverRoot } from '../../package-root';
import { createRedisBus } from '../../cluster/redis-bus';
import { createSecondRunner } from '../../test/second-runner';
import { seedWorkspace } from '../../test/queue-fixtures';
import { createBullmqExecutionQueueDriver } from './queue/bullmq-execution-queue-driver';
import { createFlow } from '../../test/flow-fixtures';
import { startFlakyApi, type FlakyApi } from '../../test/stand-ins/flaky-api';
import { useTestApp, type TestAccount, type TestContext } from '../../test/test-app';
import { createSharedTestDatabase, describeEachDriver } from '../../test/test-database';
import { until } from '../../test/until';

// The flaky service is a stand-in on 127.0.0.2 answering 503 Service Unavailable for a while
// (RFC 9110 §15.6.4), then 200: no service on the internet is reached.
let api: FlakyApi;
beforeAll(async () => {
  api = await startFlakyApi('127.0.0.2');
});
afterAll(async () => {
  await api.close();
});

const allowed = ['127.0.0.2/32'];
const at = (x: number) => ({ x, y: 0 });

/** Manual trigger → HTTP GET of the flaky API, with this 'Em caso de erro'. */
const flakyFlow = (onError: NodeOnError) => ({
  version: 1,
  nodes: [
    { uid: 'inicio', type: 'core_manual_trigger', position: at(0), params: {} },
    {
      uid: 'api',
      type: 'core_http_request',
      label: 'Consultar pedido',
      position: at(200),
      params: { method: 'GET', url: `${api.url}/pedidos/1` },
      onError,
    },
  ],
  edges: [{ id: 'e1', source: 'inicio', sourceOutput: 'default', target: 'api' }],
});

const policy: NodeOnError = {
  retries: 3,
  backoff: 'exponential',
  base_ms: 300,
  factor: 2,
  max_ms: 5_000,
  jitter: true,
  match: { statuses: ['503'], timeouts: false, network: false, text: '' },
};

const rowOf = async (t: TestContext, flowId: string) =>
  (await t.database.db.select().from(executions).where(eq(executions.flowId, flowId)))[0];

const linesOf = async (t: TestContext, executionId: string) =>
  (
    await t.database.db
      .select({ message: logs.message })
      .from(logs)
      .where(eq(logs.executionId, executionId))
      .orderBy(asc(logs.createdAt))
  ).map(({ message }) => String(message));

async function runsOf(t: TestContext, account: TestAccount, executionId: string) {
  const res = await t
    .request(account.token)
    .get(`/api/v1/monitoring/executions/${executionId}/data/api`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { runs: NodeRun[] }).runs;
}

async function start(t: TestContext, account: TestAccount, flowId: string) {
  const res = await t.request(account.token).post(`/engine/flow/manual-trigger/${flowId}`, {});
  expect(res.statusCode, res.body).toBe(200);
}

describeEachDriver('new attempts of a failed node', (driver) => {
  // One slot: another execution runs while the first waits for its next attempt.
  const t = useTestApp(driver, { httpAllowedNetworks: allowed, executionConcurrency: 1 });

  it('tries a flaky service again with growing gaps, holding no slot, and succeeds on the third attempt', async () => {
    const account = await t.createAccount();
    const flowId = await createFlow(t, account, flakyFlow(policy));
    const quick = await createFlow(t, account, {
      version: 1,
      nodes: [
        { uid: 'inicio', type: 'core_manual_trigger', position: at(0), params: {} },
        { uid: 'log', type: 'core_log', position: at(200), params: { label: 'ok', message: 'ok' } },
      ],
      edges: [{ id: 'e1', source: 'inicio', sourceOutput: 'default', target: 'log' }],
    });
    api.arrivals.length = 0;
    api.failNext(2);
    await start(t, account, flowId);
    const waiting = await until(async () => {
      const row = await rowOf(t, flowId);
      return row?.status === 'waiting' && row;
    }, 'a execução aguardando a nova tentativa');
    expect(waiting.waits).toEqual([
      expect.objectContaining({ kind: 'retry', node_uid: 'api', attempt: 2, of: 4 }),
    ]);
    // The one slot is free while it waits: another execution runs meanwhile.
    await start(t, account, quick);

    const done = await until(async () => {
      const row = await rowOf(t, flowId);
      return row?.status !== 'waiting' && row?.status !== 'running' && row;
    }, 'a execução terminar');
    expect(done.status).toBe('success');
    const other = await rowOf(t, quick);
    expect(other?.status).toBe('success');
    // It started while the first waited: before its last attempt, not after the first ended.
    expect(other!.startedAt!.getTime()).toBeLessThan(api.arrivals[2]!);
    expect(done.waits).toBeNull();
    // trigger + first attempt, then one step per new attempt.
    expect(done.steps).toBe(4);

    // Three attempts; jitter draws each gap between half of it and all of it (300, 600 ms).
    expect(api.arrivals).toHaveLength(3);
    const [first, second, third] = api.arrivals as [number, number, number];
    expect(second - first).toBeGreaterThanOrEqual(150);
    expect(third - second).toBeGreaterThanOrEqual(300);

    const lines = await linesOf(t, done.id);
    expect(lines.filter((line) => line.includes('Nova tentativa em'))).toEqual([
      expect.stringContaining(
        '"Consultar pedido" (api), tentativa 1 de 4: A requisição HTTP falhou com status 503.',
      ),
      expect.stringContaining('(api), tentativa 2 de 4:'),
    ]);

    const runs = await runsOf(t, account, done.id);
    expect(runs.map((run) => [run.attempt, run.error?.message ?? null])).toEqual([
      [1, 'A requisição HTTP falhou com status 503.'],
      [2, 'A requisição HTTP falhou com status 503.'],
      [3, null],
    ]);
    expect(runs[2]!.outputs[0]!.msg).toMatchObject({ payload: { ok: true } });
  });

  it('gives up after the attempts: the execution fails with the last error', async () => {
    const account = await t.createAccount();
    const flowId = await createFlow(t, account, flakyFlow({ ...policy, retries: 1, base_ms: 100 }));
    api.arrivals.length = 0;
    api.failNext(5);
    await start(t, account, flowId);
    const done = await until(async () => {
      const row = await rowOf(t, flowId);
      return row && ['success', 'error'].includes(row.status) && row;
    }, 'a execução terminar');
    expect(done.status).toBe('error');
    expect(done.error).toEqual({
      message: 'A requisição HTTP falhou com status 503.',
      node_uid: 'api',
    });
    expect(api.arrivals).toHaveLength(2);
  });
});

describeEachDriver('new attempts of a called flow', (driver) => {
  const t = useTestApp(driver, { httpAllowedNetworks: allowed });

  it('waits in memory in a flow another one called and waits for: the caller gets the answer', async () => {
    const account = await t.createAccount();
    const called = flakyFlow({ ...policy, base_ms: 100 });
    called.nodes[0] = { uid: 'inicio', type: 'core_flow_trigger', position: at(0), params: {} };
    const calledId = await createFlow(t, account, called);
    const callerId = await createFlow(t, account, {
      version: 1,
      nodes: [
        { uid: 'inicio', type: 'core_manual_trigger', position: at(0), params: {} },
        {
          uid: 'chamar',
          type: 'core_execute_flow',
          position: at(200),
          params: { flow: calledId, wait: true },
        },
      ],
      edges: [{ id: 'e1', source: 'inicio', sourceOutput: 'default', target: 'chamar' }],
    });
    api.arrivals.length = 0;
    api.failNext(1);
    await start(t, account, callerId);
    const caller = await until(async () => {
      const row = await rowOf(t, callerId);
      return row && !['queued', 'running'].includes(row.status) && row;
    }, 'o flow que chamou terminar');
    expect(caller.status).toBe('success');
    expect((await rowOf(t, calledId))?.status).toBe('success');
    expect(api.arrivals).toHaveLength(2);
  });
});

describeEachDriver('new attempts across a crash', (driver) => {
  let shared: Awaited<ReturnType<typeof createSharedTestDatabase>>;
  beforeAll(async () => {
    shared = await createSharedTestDatabase(driver);
  });
  afterAll(async () => {
    await shared.dispose();
  });
  const t = useTestApp(driver, {
    httpAllowedNetworks: allowed,
    openDatabase: () => shared.open(),
  });

  it('keeps the attempt count when the worker is killed (SIGKILL) between attempts', async () => {
    const account = await t.createAccount();
    const onError = { ...policy, backoff: 'fixed' as const, base_ms: 2_000, jitter: false };
    const flowId = await createFlow(t, account, flakyFlow(onError));
    api.arrivals.length = 0;
    api.failNext(2);
    // Another process runs the first attempt, which fails; it is killed while it waits.
    const dying = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/test/retrying-runner-process.ts',
        shared.location,
        JSON.stringify({ workspaceId: account.workspaceId, flowId, allowed }),
      ],
      { cwd: serverRoot, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const exited = new Promise((resolve) => dying.once('exit', resolve));
    let output = '';
    dying.stderr.on('data', (chunk) => (output += String(chunk)));
    const executionId = await new Promise<string>((resolve, reject) => {
      let line = '';
      dying.stdout.on('data', (chunk) => {
        line += String(chunk);
        if (line.includes('\n')) resolve(line.trim());
      });
      dying.once('exit', () => reject(new Error(`o processo terminou antes:\n${output}`)));
    });
    dying.kill('SIGKILL');
    await exited;
    expect(api.arrivals).toHaveLength(1);

    // This process resumes it: attempt 2 (not 1 again) fails, attempt 3 succeeds.
    const done = await until(
      async () => {
        const row = await rowOf(t, flowId);
        return row && ['success', 'error'].includes(row.status) && row;
      },
      'a execução terminar depois do kill',
      20_000,
    );
    expect(done.id).toBe(executionId);
    expect(done.status).toBe('success');
    expect(api.arrivals).toHaveLength(3);
    const runs = await runsOf(t, account, executionId);
    expect(runs.map((run) => run.attempt)).toEqual([1, 2, 3]);
  });
});

const redisUrl = process.env.PONTE_TEST_REDIS_URL;

describe.skipIf(!redisUrl)('new attempts on the Redis setup', () => {
  let shared: Awaited<ReturnType<typeof createSharedTestDatabase>>;
  const prefix = `ponte-retries-${randomUUID()}`;
  beforeAll(async () => {
    shared = await createSharedTestDatabase('postgres');
  });
  afterAll(async () => {
    await shared.dispose();
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  /** A worker process of a Redis setup: BullMQ for the executions queue, a Redis bus. */
  async function startWorker() {
    const database = await shared.open();
    const bus = createRedisBus({ url: redisUrl!, prefix });
    await bus.start();
    const queue = createBullmqExecutionQueueDriver({ url: redisUrl!, prefix });
    const started = createSecondRunner(database.db, {
      httpAllowedNetworks: allowed,
      queue: () => queue,
      cluster: { role: 'worker', bus, leaseMs: 2_000, redis: { url: redisUrl!, prefix } },
    });
    await started.runner.start();
    return {
      runner: started.runner,
      database,
      async close() {
        await started.close(100);
        await queue.close();
        await bus.close();
        await database.close();
      },
    };
  }

  it('a worker that stops between attempts leaves them to another one', async () => {
    const setup = await shared.open();
    const { workspaceId } = await seedWorkspace(setup.db);
    const flowId = randomUUID();
    const onError = { ...policy, backoff: 'fixed' as const, base_ms: 1_000, jitter: false };
    await setup.db.insert(flows).values({
      id: flowId,
      workspaceId,
      name: 'Flow',
      enabled: true,
      triggers: [{ node_uid: 'inicio', node_type: 'core_manual_trigger' }],
      variables: [],
      data: flakyFlow(onError),
      config: { rate_limit: 0 },
    });
    await setup.close();
    api.arrivals.length = 0;
    api.failNext(1);
    const first = await startWorker();
    const started = await first.runner.enqueue({
      workspaceId,
      flowId,
      triggerNodeUid: 'inicio',
      msg: { payload: {} },
    });
    expect((await started.done).status).toBe('waiting');
    await first.close();

    // Only this worker is left: its sweep and its BullMQ consumer run the attempt.
    const second = await startWorker();
    try {
      const done = await until(async () => {
        const row = await second.runner.repository.find(started.execution_id);
        return row && ['success', 'error'].includes(row.status) && row;
      }, 'a outra instância retomar a execução');
      expect(done.status).toBe('success');
      expect(api.arrivals).toHaveLength(2);
      const runs = await createExecutionDataRepository(second.database.db).runs(
        workspaceId,
        started.execution_id,
        'api',
      );
      expect((JSON.parse(runs!) as NodeRun[]).map((run) => run.attempt)).toEqual([1, 2]);
    } finally {
      await second.close();
    }
  });
});
