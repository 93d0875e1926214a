import { afterEach, expect, it } from 'vitest';
import { createEngine } from '@ponte/engine/engine';
import type { Sandbox } from '@ponte/engine/sandbox/sandbox';
import { createTestNodes } from '@ponte/engine/testing/test-nodes';
import { createEnginePorts } from '../../adapters/engine-ports';
import { createEmbeddedQueueDriver } from '../../plugins/queue/embedded-queue-driver';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { chain as flowOf, type Step } from '../../test/flow-fixtures';
import { until } from '../../test/until';
import { createFlowsRepository } from '../flows/flows.repository';
import { createLogWriter } from '../logs/log-writer';
import { createExecutionRunner, type ExecutionRunner } from './execution-runner';

const { nodes } = createTestNodes();
/** A linear flow started by the test trigger. */
const chain = (...steps: Step[]) => flowOf({ type: 'test_trigger' }, ...steps);

const noSandbox: Sandbox = {
  run: () => Promise.reject(new Error('sem sandbox')),
  dispose: () => undefined,
};

describeEachDriver('execution runner', (driver) => {
  const t = useTestApp(driver, { nodes });
  const runners: ExecutionRunner[] = [];
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.close(100)));
  });

  function startRunner(concurrency = 8) {
    const db = t.database.db;
    const late: { runner?: ExecutionRunner } = {};
    const engine = createEngine({
      ports: createEnginePorts(db, { runner: () => late.runner! }),
      sandbox: noSandbox,
      nodes,
    });
    const runner = createExecutionRunner({
      db,
      queue: createEmbeddedQueueDriver(db),
      flows: createFlowsRepository(db),
      engine,
      logs: createLogWriter(db, { flushMs: 10 }),
      now: () => new Date(),
      concurrency,
    });
    late.runner = runner;
    runners.push(runner);
    return runner;
  }

  async function createFlow(account: TestAccount, data: object, rateLimit = 0) {
    const res = await t.request(account.token).post('/api/v1/flows', {
      name: 'Flow',
      enabled: true,
      data,
      config: { rate_limit: rateLimit },
    });
    expect(res.statusCode).toBe(201);
    return res.json()._id as string;
  }

  it('runs a flow and records the execution and its logs', async () => {
    const account = await t.createAccount();
    const flowId = await createFlow(
      account,
      chain({ type: 'core_log', params: { label: 'Pedido', message: '{{ msg.payload.id }}' } }),
    );
    const runner = startRunner();
    await runner.start();
    const { execution_id, done } = await runner.enqueue({
      workspaceId: account.workspaceId,
      flowId,
      triggerNodeUid: 'n0',
      msg: { payload: { id: 42 } },
    });
    const result = await done;
    expect(result.status).toBe('success');
    const row = await runner.repository.find(execution_id);
    expect(row).toMatchObject({
      status: 'success',
      triggerType: 'test_trigger',
      triggerNodeUid: 'n0',
      steps: 2,
    });
    expect(row!.endedAt!.getTime()).toBeGreaterThanOrEqual(row!.startedAt!.getTime());

    await runner.close();
    const logs = (
      await t
        .request(account.token)
        .get(
          `/api/v1/monitoring/logs?filters=${encodeURIComponent(JSON.stringify({ execution_id }))}`,
        )
    ).json();
    const lines = logs.items.map(
      (item: { data: { type: string; label: string; message: string } }) => item.data,
    );
    expect(lines).toContainEqual(
      expect.objectContaining({ type: 'user', label: 'Pedido', message: '42' }),
    );
    const finished = lines.find((line: { label: string }) => line.label === 'Execução finalizada');
    expect(JSON.parse(finished.message)).toMatchObject({
      status: 'success',
      execution_time: expect.any(Number),
    });
    expect(lines.filter((line: { type: string }) => line.type === 'internal')).toHaveLength(4);
  });

  it('runs at most rate_limit executions of a flow at once, and finishes all of them', async () => {
    const account = await t.createAccount();
    const flowId = await createFlow(
      account,
      chain({ type: 'core_delay', params: { amount: 40, unit: 'ms' } }),
      2,
    );
    const runner = startRunner(10);
    let running = 0;
    let most = 0;
    runner.events.on('started', () => (most = Math.max(most, ++running)));
    runner.events.on('finished', () => running--);
    await runner.start();
    const all = await Promise.all(
      Array.from({ length: 10 }, () =>
        runner.enqueue({
          workspaceId: account.workspaceId,
          flowId,
          triggerNodeUid: 'n0',
          msg: { payload: {} },
        }),
      ),
    );
    const results = await Promise.all(all.map((execution) => execution.done));
    expect(results.map((result) => result.status)).toEqual(Array(10).fill('success'));
    expect(most).toBe(2);
  });

  it('stops a running execution on request', async () => {
    const account = await t.createAccount();
    const flowId = await createFlow(account, chain({ type: 'test_hang' }));
    const runner = startRunner();
    await runner.start();
    const { execution_id, done } = await runner.enqueue({
      workspaceId: account.workspaceId,
      flowId,
      triggerNodeUid: 'n0',
      msg: { payload: {} },
    });
    await until(
      async () => (await runner.repository.find(execution_id))?.status === 'running',
      'a execução começar',
    );
    const stranger = await t.createAccount();
    expect(await runner.stop(stranger.workspaceId, execution_id)).toBe(false);
    expect(await runner.stop(account.workspaceId, execution_id)).toBe(true);
    expect((await done).status).toBe('stopped');
    expect((await runner.repository.find(execution_id))?.status).toBe('stopped');
  });

  it('after a crash, marks what was running as crashed and runs what was queued', async () => {
    const account = await t.createAccount();
    const hang = await createFlow(account, chain({ type: 'test_hang' }));
    const quick = await createFlow(
      account,
      chain({ type: 'core_log', params: { label: 'ok', message: 'ok' } }),
    );
    const dying = startRunner(1);
    await dying.start();
    const running = await dying.enqueue({
      workspaceId: account.workspaceId,
      flowId: hang,
      triggerNodeUid: 'n0',
      msg: { payload: {} },
    });
    await until(
      async () => (await dying.repository.find(running.execution_id))?.status === 'running',
      'a execução começar',
    );
    const queued = await dying.enqueue({
      workspaceId: account.workspaceId,
      flowId: quick,
      triggerNodeUid: 'n0',
      msg: { payload: {} },
    });

    // A new process starts over the same database while the old one is gone.
    const restarted = startRunner();
    const crashed = await restarted.start();
    expect(crashed.map((row) => row.id)).toEqual([running.execution_id]);
    expect(await restarted.repository.find(running.execution_id)).toMatchObject({
      status: 'crashed',
      error: { message: 'A execução foi interrompida: o processo do Ponte parou.' },
    });
    await until(
      async () => (await restarted.repository.find(queued.execution_id))?.status === 'success',
      'a execução da fila depois do reinício',
    );
  });
});
