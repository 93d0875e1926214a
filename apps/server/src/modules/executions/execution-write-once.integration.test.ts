import { asc, eq, sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import type { WebhookResponse } from '@ponte/engine/kit/context';
import { createTestNodes } from '@ponte/engine/testing/test-nodes';
import { executions, logs } from '../../db/schema';
import { chain, createFlow, type Step } from '../../test/flow-fixtures';
import { createGate } from '../../test/gate-node';
import { createSecondRunner } from '../../test/second-runner';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { until } from '../../test/until';
import { createLogWriter } from '../logs/log-writer';
import type { ExecutionRunner } from './execution-runner';

const gate = createGate();
const nodes = [...createTestNodes().nodes, gate.node];
const userLog = { type: 'core_log', params: { label: 'Pedido', message: 'pedido 42 recebido' } };
const answers: Step = { type: 'core_respond_webhook', params: { status: 201 } };

/**
 * Executions written once (docs/adr/0129): an execution whose caller waits for its end (a
 * webhook answering with the flow's result, a queue message) has its row written with its end
 * when it ends within the window, and its start row written as any other's when it does not.
 */
describeEachDriver('executions written once', (driver) => {
  const t = useTestApp(driver, { nodes });
  const closing: (() => Promise<void>)[] = [];
  afterEach(async () => {
    gate.reset();
    await Promise.all(closing.splice(0).map((close) => close()));
  });

  async function runnerWith(windowMs: number) {
    const writer = createLogWriter(t.database.db, { flushMs: 10 });
    const { runner, close } = createSecondRunner(t.database.db, {
      nodes,
      concurrency: 4,
      logs: writer,
      writeOnceWindowMs: windowMs,
    });
    await runner.start();
    closing.push(() => close());
    return { runner, writer };
  }

  /** An execution of the flow, whose caller waits for its end (`writeOnce`) or not. */
  const start = (
    runner: ExecutionRunner,
    account: TestAccount,
    flowId: string,
    writeOnce: boolean,
  ) =>
    runner.enqueue({
      workspaceId: account.workspaceId,
      flowId,
      triggerNodeUid: 'n0',
      msg: { payload: {} },
      ...(writeOnce ? { writeOnce } : {}),
    });

  async function flowOf(account: TestAccount, steps: Step[]) {
    return createFlow(t, account, chain(...steps));
  }

  const rowOf = async (id: string) =>
    (await t.database.db.select().from(executions).where(eq(executions.id, id)))[0];

  const linesOf = async (id: string) =>
    (
      await t.database.db
        .select({ label: logs.label })
        .from(logs)
        .where(eq(logs.executionId, id))
        .orderBy(asc(logs.createdAt), asc(logs.id))
    ).map((row) => row.label);

  /** A statement of the runner waits on a lock (the table is locked by the test). */
  const waitingOnLock = async () => {
    const result = await t.database.db.execute(sql`
      select count(*)::int as n from pg_stat_activity
      where wait_event_type = 'Lock' and query ilike '%insert into executions%'`);
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n > 0;
  };

  it('ended within its window: one row with its start, end and lines; answered once stored', async () => {
    const account = await t.createAccount();
    const tags: Step = { type: 'test_tag', params: { tag: 'visto' } };
    const flowId = await flowOf(account, [{ type: 'test_trigger' }, tags, userLog, answers]);
    const { runner } = await runnerWith(60_000);
    const answered: WebhookResponse[] = [];
    let executionId = '';
    let done: Promise<unknown> = Promise.resolve();
    // The table is locked: the execution's only write waits, and so does its answer.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table executions in share row exclusive mode`);
      const enqueued = await runner.enqueue({
        workspaceId: account.workspaceId,
        flowId,
        triggerNodeUid: 'n0',
        msg: { payload: { pedido: 42 } },
        respond: (response) => answered.push(response),
        writeOnce: true,
      });
      executionId = enqueued.execution_id;
      done = enqueued.done;
      await until(waitingOnLock, 'the end of the execution waiting on the lock');
      // Ended, but neither stored nor answered.
      expect(answered).toEqual([]);
      const [row] = await tx.select().from(executions).where(eq(executions.id, executionId));
      expect(row).toBeUndefined();
    });
    await done;
    expect(answered.map((response) => response.status)).toEqual([201]);
    const row = await rowOf(executionId);
    expect(row).toMatchObject({ status: 'success', steps: 4, error: null });
    expect(row!.startedAt).toBeInstanceOf(Date);
    expect(row!.endedAt!.getTime()).toBeGreaterThanOrEqual(row!.startedAt!.getTime());
    // The message as it came, not as the run left it (the tag node changed it).
    expect(row!.triggerMsg).toEqual({ payload: { pedido: 42 } });
    // Its lines went in the same statement as its row: there once the row is.
    expect(await linesOf(executionId)).toEqual([
      'Execução iniciada',
      'Gatilho de teste',
      'Marcar',
      'Pedido',
      'Log',
      'Responder webhook',
      'Execução finalizada',
    ]);
  });

  it('still running past its window: its start row is written, then its end with its lines', async () => {
    const account = await t.createAccount();
    const flowId = await flowOf(account, [
      { type: 'test_trigger' },
      userLog,
      { type: 'test_gate' },
    ]);
    const { runner, writer } = await runnerWith(20);
    const { execution_id, done } = await start(runner, account, flowId, true);
    await until(() => gate.entered() === 1, 'the execution at the gate');
    const running = await until(
      async () => (await rowOf(execution_id))?.status === 'running',
      'its start row',
    );
    expect(running).toBe(true);
    // Its lines wait for its end, so that an answered execution has them all.
    await writer.flush();
    expect(await linesOf(execution_id)).toEqual([]);
    gate.open();
    await done;
    await writer.flush();
    expect(await rowOf(execution_id)).toMatchObject({ status: 'success', steps: 3 });
    expect(await linesOf(execution_id)).toEqual([
      'Execução iniciada',
      'Gatilho de teste',
      'Pedido',
      'Log',
      'Portão',
      'Execução finalizada',
    ]);
  });

  it('stopped while its row still waits for its end: the stop finds it, and it ends stopped', async () => {
    const account = await t.createAccount();
    const flowId = await flowOf(account, [{ type: 'test_trigger' }, { type: 'test_hang' }]);
    const { runner } = await runnerWith(60_000);
    const { execution_id, done } = await start(runner, account, flowId, true);
    await until(() => runner.runningCount() === 1, 'the execution running');
    expect(await runner.stop(account.workspaceId, execution_id)).toBe(true);
    expect(await done).toMatchObject({ status: 'stopped' });
    expect(await rowOf(execution_id)).toMatchObject({ status: 'stopped' });
  });

  it('an execution nobody waits for keeps its start row from the start', async () => {
    const account = await t.createAccount();
    const flowId = await flowOf(account, [{ type: 'test_trigger' }, { type: 'test_gate' }]);
    const { runner } = await runnerWith(60_000);
    const { execution_id, done } = await start(runner, account, flowId, false);
    // Written before `enqueue` answered: started at once, or queued behind another.
    expect(['running', 'queued']).toContain((await rowOf(execution_id))?.status);
    await until(() => gate.entered() === 1, 'the execution at the gate');
    gate.open();
    await done;
    expect(await rowOf(execution_id)).toMatchObject({ status: 'success' });
  });
});
