import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { createTestNodes } from '@ponte/engine/testing/test-nodes';
import type { ExecutionSaveLevel, SaveExecutions } from '@ponte/shared/flows.schema';
import { alertFirings, alertRules, flows, logs } from '../../db/schema';
import { chain, type Step } from '../../test/flow-fixtures';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { createSecondRunner } from '../../test/second-runner';
import { describeEachDriver } from '../../test/test-database';
import { createAlertWatch } from '../alert-rules/alert-watch';
import { createLogWriter } from '../logs/log-writer';

const { nodes } = createTestNodes();
const userLog = { type: 'core_log', params: { label: 'Pedido', message: 'pedido 42 recebido' } };
const succeeds: Step[] = [
  { type: 'test_trigger' },
  userLog,
  { type: 'test_tag', params: { tag: 'a' } },
];
const fails: Step[] = [{ type: 'test_trigger' }, userLog, { type: 'test_fail' }];

describeEachDriver('what is kept of an execution (save setting)', (driver) => {
  const t = useTestApp(driver, { nodes });
  const closing: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(closing.splice(0).map((close) => close()));
  });

  /**
   * A runner whose log writer has the alert rules' watch, with the instance default `instance`.
   * `run` ends once the execution ended and every line went through the writer.
   */
  async function runnerWith(instance?: ExecutionSaveLevel) {
    const db = t.database.db;
    const watch = createAlertWatch(db, { onError: (error) => expect.fail(String(error)) });
    await watch.refresh();
    const writer = createLogWriter(db, { flushMs: 10, watch });
    const { runner, close } = createSecondRunner(db, {
      nodes,
      concurrency: 4,
      logs: writer,
      ...(instance ? { executionSave: instance } : {}),
    });
    await runner.start();
    closing.push(() => close());
    return async (workspaceId: string, flowId: string) => {
      const { execution_id, done } = await runner.enqueue({
        workspaceId,
        flowId,
        triggerNodeUid: 'n0',
        msg: { payload: {} },
      });
      await done;
      await writer.flush();
      return execution_id;
    };
  }

  async function flowSaving(account: TestAccount, steps: Step[], save?: SaveExecutions) {
    const res = await t.request(account.token).post('/api/v1/flows', {
      name: 'Flow',
      enabled: true,
      data: chain(...steps),
      config: { rate_limit: 0, ...(save ? { save_executions: save } : {}) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json()._id as string;
  }

  /** The lines stored of an execution, as the logs page would list them (oldest first). */
  const linesOf = async (executionId: string) =>
    (
      await t.database.db
        .select({ type: logs.type, label: logs.label })
        .from(logs)
        .where(eq(logs.executionId, executionId))
        .orderBy(asc(logs.createdAt), asc(logs.id))
    ).map((row) => `${row.type}: ${row.label}`);

  const everyLine = (last: string) => [
    'internal: Execução iniciada',
    'internal: Gatilho de teste',
    'user: Pedido',
    'internal: Log',
    `internal: ${last}`,
    'internal: Execução finalizada',
  ];

  const completedOf = (account: TestAccount) =>
    t.request(account.token).get(`/api/v1/monitoring/executions/completed?page=1`);

  it('keeps every line by default, and the flow answers save_executions "default"', async () => {
    const account = await t.createAccount();
    const flowId = await flowSaving(account, succeeds);
    const read = await t.request(account.token).get(`/api/v1/flows/${flowId}`);
    expect(read.json().config).toEqual({
      rate_limit: 0,
      save_executions: 'default',
      continue_unawaited: true,
    });
    const run = await runnerWith();
    expect(await linesOf(await run(account.workspaceId, flowId))).toEqual(everyLine('Marcar'));
  });

  it('"errors" keeps the user lines of a success and every line of a failure', async () => {
    const account = await t.createAccount();
    const run = await runnerWith();
    const ok = await run(account.workspaceId, await flowSaving(account, succeeds, 'errors'));
    expect(await linesOf(ok)).toEqual(['user: Pedido']);
    const failed = await run(account.workspaceId, await flowSaving(account, fails, 'errors'));
    expect(await linesOf(failed)).toEqual(everyLine('Falhar'));
  });

  it('"none" keeps only the execution row, with its status and error', async () => {
    const account = await t.createAccount();
    const run = await runnerWith();
    const failed = await run(account.workspaceId, await flowSaving(account, fails, 'none'));
    expect(await linesOf(failed)).toEqual([]);
    const completed = (await completedOf(account)).json();
    expect(completed.items).toHaveLength(1);
    expect(completed.items[0].data).toMatchObject({ execution_id: failed, status: 'error' });
    expect(JSON.stringify(completed.items[0])).toContain('Falhou de propósito');
  });

  it('the instance default applies to flows that say "default", and a flow may say otherwise', async () => {
    const account = await t.createAccount();
    const byDefault = await flowSaving(account, succeeds, 'default');
    const everything = await flowSaving(account, succeeds, 'all');
    const none = await runnerWith('none');
    expect(await linesOf(await none(account.workspaceId, byDefault))).toEqual([]);
    expect(await linesOf(await none(account.workspaceId, everything))).toEqual(everyLine('Marcar'));
    const errors = await runnerWith('errors');
    expect(await linesOf(await errors(account.workspaceId, byDefault))).toEqual(['user: Pedido']);
  });

  it('a flow saved before the setting existed follows the instance default', async () => {
    const account = await t.createAccount();
    const flowId = await flowSaving(account, succeeds);
    await t.database.db
      .update(flows)
      .set({ config: { rate_limit: 0 } })
      .where(eq(flows.id, flowId));
    const read = await t.request(account.token).get(`/api/v1/flows/${flowId}`);
    expect(read.json().config).toEqual({
      rate_limit: 0,
      save_executions: 'default',
      continue_unawaited: true,
    });
    const run = await runnerWith('errors');
    expect(await linesOf(await run(account.workspaceId, flowId))).toEqual(['user: Pedido']);
  });

  it('refuses a save setting it does not know', async () => {
    const account = await t.createAccount();
    const flowId = await flowSaving(account, succeeds);
    const res = await t.request(account.token).put(`/api/v1/flows/${flowId}`, {
      config: { rate_limit: 0, save_executions: 'some' },
    });
    expect(res.statusCode).toBe(400);
    const saved = await t.request(account.token).put(`/api/v1/flows/${flowId}`, {
      config: { rate_limit: 0, save_executions: 'none' },
    });
    expect(saved.json().config).toEqual({
      rate_limit: 0,
      save_executions: 'none',
      continue_unawaited: true,
    });
  });

  it('alert rules still see the lines that are not kept', async () => {
    const account = await t.createAccount();
    const flowId = await flowSaving(account, succeeds, 'none');
    const ruleId = randomUUID();
    await t.database.db.insert(alertRules).values({
      id: ruleId,
      workspaceId: account.workspaceId,
      name: 'Pedidos',
      type: 'match_log',
      action: 'webhook',
      actionWebhookMethod: 'post',
      actionWebhookUrl: 'http://127.0.0.1:9/x',
      matchLogType: 'message',
      matchLogContent: 'pedido 42',
      flowId: null,
      timewindowSeconds: 60,
    });
    const run = await runnerWith();
    const id = await run(account.workspaceId, flowId);
    expect(await linesOf(id)).toEqual([]);
    const firings = await t.database.db
      .select()
      .from(alertFirings)
      .where(eq(alertFirings.ruleId, ruleId));
    expect(firings).toHaveLength(1);
    expect(firings[0]).toMatchObject({ count: 1 });
  });
});
