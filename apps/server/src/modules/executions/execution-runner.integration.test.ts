import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import type { Sandbox } from '@ponte/engine/sandbox/sandbox';
import { createTestNodes } from '@ponte/engine/testing/test-nodes';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { createSharedTestDatabase, describeEachDriver } from '../../test/test-database';
import { chain as flowOf, type Step } from '../../test/flow-fixtures';
import { until } from '../../test/until';
import { flows } from '../../db/schema';
import { serverRoot } from '../../package-root';
import { createSecondRunner, type SecondRunner } from '../../test/second-runner';
import { createAuthRepository } from '../auth/auth.repository';

const { nodes } = createTestNodes();
/** A linear flow started by the test trigger. */
const chain = (...steps: Step[]) => flowOf({ type: 'test_trigger' }, ...steps);

const noSandbox: Sandbox = {
  run: () => Promise.reject(new Error('sem sandbox')),
  dispose: () => undefined,
};
describeEachDriver('execution runner', (driver) => {
  const t = useTestApp(driver, { nodes });
  const runners: SecondRunner[] = [];
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((started) => started.close(100)));
  });

  /** A runner of its own over the test database, with the test nodes and no sandbox. */
  function startRunner(concurrency = 8) {
    const started = createSecondRunner(t.database.db, { nodes, concurrency, sandbox: noSandbox });
    runners.push(started);
    return started.runner;
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

  it("names nodes in the internal log lines by their label, else the library's label", async () => {
    const account = await t.createAccount();
    const data = chain(
      { type: 'core_log', params: { label: 'Pedido', message: 'um' } },
      { type: 'core_log', params: { label: 'Pedido', message: 'dois' } },
    );
    data.nodes[1] = { ...data.nodes[1]!, label: 'Registrar pedido' } as (typeof data.nodes)[number];
    const flowId = await createFlow(account, data);
    const runner = startRunner();
    await runner.start();
    const { execution_id, done } = await runner.enqueue({
      workspaceId: account.workspaceId,
      flowId,
      triggerNodeUid: 'n0',
      msg: { payload: {} },
    });
    expect((await done).status).toBe('success');
    await runner.close();
    const filters = encodeURIComponent(JSON.stringify({ execution_id, type: 'internal' }));
    const logs = (
      await t.request(account.token).get(`/api/v1/monitoring/logs?filters=${filters}`)
    ).json();
    const lines = (
      logs.items as { data: { node_uid: string; label: string; message: string } }[]
    ).map((item) => item.data);
    const labelOf = (uid: string) =>
      lines.find((line) => line.node_uid === uid && line.label !== 'Execução iniciada')?.label;
    expect(labelOf('n1')).toBe('Registrar pedido');
    expect(labelOf('n2')).toBe('Log');
    expect(lines.find((line) => line.node_uid === 'n2')!.message).toContain(
      'Conector "Log" (n2) concluído',
    );
    expect(JSON.stringify(lines)).not.toMatch(/core_log|test_trigger/);
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
    const shared = await createSharedTestDatabase(driver);
    try {
      const setup = await shared.open();
      const { workspaceId } = await setup.db.transaction((tx) =>
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
      );
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
      const hang = await addFlow(chain({ type: 'test_hang' }));
      const quick = await addFlow(
        chain({ type: 'core_log', params: { label: 'ok', message: 'ok' } }),
      );
      await setup.close();

      // Another process runs the hanging flow and queues the quick one; then it is killed.
      const dying = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          'src/test/dying-runner-process.ts',
          shared.location,
          JSON.stringify({ workspaceId, hang, quick }),
        ],
        { cwd: serverRoot, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      const exited = new Promise((resolve) => dying.once('exit', resolve));
      let output = '';
      dying.stderr.on('data', (chunk) => (output += String(chunk)));
      const ids = await new Promise<{ running: string; queued: string }>((resolve, reject) => {
        let line = '';
        dying.stdout.on('data', (chunk) => {
          line += String(chunk);
          if (line.includes('\n')) resolve(JSON.parse(line));
        });
        dying.once('exit', () => reject(new Error(`o processo terminou antes:\n${output}`)));
      });
      dying.kill('SIGKILL');
      expect(await exited).toBeNull();

      // A new process starts over the same database once the old one is gone.
      const again = await shared.open();
      const restarted = createSecondRunner(again.db, { nodes });
      try {
        expect(await restarted.runner.repository.find(ids.running)).toMatchObject({
          status: 'running',
        });
        const crashed = await restarted.runner.start();
        expect(crashed.map((row) => row.id)).toEqual([ids.running]);
        expect(await restarted.runner.repository.find(ids.running)).toMatchObject({
          status: 'crashed',
          error: { message: 'A execução foi interrompida: o processo do Ponte parou.' },
        });
        await until(
          async () => (await restarted.runner.repository.find(ids.queued))?.status === 'success',
          'a execução da fila depois do reinício',
        );
      } finally {
        await restarted.close();
        await again.close();
      }
    } finally {
      await shared.dispose();
    }
  }, 120_000);
});
