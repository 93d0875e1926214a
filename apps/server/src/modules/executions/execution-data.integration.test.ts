import { eq, sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import type { ExecutionData, NodeData } from '@ponte/shared/execution-data.schema';
import type { SaveExecutions } from '@ponte/shared/flows.schema';
import { executionData, executions, flowSnapshots } from '../../db/schema';
import { chain, finished, type Step } from '../../test/flow-fixtures';
import { createSecondRunner } from '../../test/second-runner';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { createLogRetention } from '../logs/log-retention';
import { createExecutionDataRepository } from './execution-data.repository';

const dayMs = 24 * 60 * 60 * 1000;

/** webhook → code (adds `dobro`) → condition (total > 100) → log on `true`. */
const orderFlow = {
  version: 1,
  nodes: [
    {
      uid: 'gancho',
      type: 'core_webhook_trigger',
      position: { x: 0, y: 0 },
      params: { method: 'POST', path: 'pedido' },
    },
    {
      uid: 'codigo',
      type: 'core_code',
      position: { x: 200, y: 0 },
      params: {
        code: 'return { payload: { total: msg.payload.total, dobro: msg.payload.total * 2 } };',
      },
    },
    {
      uid: 'condicao',
      type: 'core_condition',
      position: { x: 400, y: 0 },
      params: { expression: 'msg.payload.dobro > 100' },
    },
    {
      uid: 'registro',
      type: 'core_log',
      position: { x: 600, y: 0 },
      params: { label: 'Grande', message: '{{ msg.payload.total }}' },
    },
  ],
  edges: [
    { id: 'e1', source: 'gancho', sourceOutput: 'default', target: 'codigo' },
    { id: 'e2', source: 'codigo', sourceOutput: 'default', target: 'condicao' },
    { id: 'e3', source: 'condicao', sourceOutput: 'true', target: 'registro' },
  ],
};

const succeeds: Step[] = [
  { type: 'core_manual_trigger' },
  { type: 'core_code', params: { code: 'return { payload: { ok: true } };' } },
];
const fails: Step[] = [
  { type: 'core_manual_trigger' },
  { type: 'core_code', params: { code: 'throw new Error("falhou de propósito");' } },
];

describeEachDriver('the data each node kept in an execution', (driver) => {
  const t = useTestApp(driver);
  const closing: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(closing.splice(0).map((close) => close()));
  });

  async function flowWith(account: TestAccount, data: object, save?: SaveExecutions) {
    const res = await t.request(account.token).post('/api/v1/flows', {
      name: 'Pedidos',
      enabled: true,
      data,
      config: { rate_limit: 0, ...(save ? { save_executions: save } : {}) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json()._id as string;
  }

  /** Runs a manual flow to its end; its execution id. */
  async function runManual(account: TestAccount, flowId: string, count: number) {
    const res = await t.request(account.token).post(`/engine/flow/manual-trigger/${flowId}`, {});
    expect(res.statusCode, res.body).toBe(200);
    await finished(t, flowId, count);
    return (res.json() as { execution_id: string }).execution_id;
  }

  const dataOf = async (account: TestAccount, executionId: string) => {
    const res = await t
      .request(account.token)
      .get(`/api/v1/monitoring/executions/${executionId}/data`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ExecutionData;
  };
  const dataRows = (executionId: string) =>
    t.database.db.select().from(executionData).where(eq(executionData.executionId, executionId));

  it('answers the flow version, each node in order with its items, and each node runs', async () => {
    const account = await t.createAccount();
    const other = await t.createAccount({ workspaceName: 'Outro' });
    const flowId = await flowWith(account, orderFlow);
    const res = await t.app.inject({
      method: 'POST',
      url: `/engine/webhook/${flowId}/pedido`,
      payload: { total: 60 },
    });
    expect(res.statusCode, res.body).toBe(202);
    const executionId = (res.json() as { execution_id: string }).execution_id;
    await finished(t, flowId);

    const data = await dataOf(account, executionId);
    expect(data.execution).toMatchObject({
      _id: executionId,
      flow_id: flowId,
      status: 'success',
      mode: 'production',
      debug: false,
      trigger_node_uid: 'gancho',
    });
    expect(data.kept).toBe(true);
    // The version it ran, as the flow was saved.
    const saved = (await t.request(account.token).get(`/api/v1/flows/${flowId}`)).json();
    expect(data.flow).toEqual(saved.data);
    expect(data.flow?.nodes.map((node) => node.uid)).toEqual(orderFlow.nodes.map((n) => n.uid));
    expect(data.nodes.map(({ duration_ms: _d, ...node }) => node)).toEqual([
      { node_uid: 'gancho', status: 'success', runs: 1, items: 1, outputs: { default: 1 } },
      { node_uid: 'codigo', status: 'success', runs: 1, items: 1, outputs: { default: 1 } },
      { node_uid: 'condicao', status: 'success', runs: 1, items: 1, outputs: { true: 1 } },
      { node_uid: 'registro', status: 'success', runs: 1, items: 1, outputs: { default: 1 } },
    ]);

    const code = await t
      .request(account.token)
      .get(`/api/v1/monitoring/executions/${executionId}/data/codigo`);
    expect(code.statusCode, code.body).toBe(200);
    expect(code.headers['content-type']).toContain('application/json');
    const { node_uid, runs } = code.json() as NodeData;
    expect(node_uid).toBe('codigo');
    expect(runs).toHaveLength(1);
    expect(runs[0]!.input).toMatchObject({ payload: { total: 60 } });
    expect(runs[0]!.outputs).toEqual([
      { output: 'default', msg: expect.objectContaining({ payload: { total: 60, dobro: 120 } }) },
    ]);

    const missing = await t
      .request(account.token)
      .get(`/api/v1/monitoring/executions/${executionId}/data/nenhum`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Este conector não tem dados nesta execução.');
    for (const url of [
      `/api/v1/monitoring/executions/${executionId}/data`,
      `/api/v1/monitoring/executions/${executionId}/data/codigo`,
    ]) {
      const refused = await t.request(other.token).get(url);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe('Execução não encontrada.');
    }
    const completed = await t.request(account.token).get('/api/v1/monitoring/executions/completed');
    expect(completed.json().items[0].data.mode).toBe('production');
  });

  it('keeps what the save setting says: none nothing, errors only the failing execution', async () => {
    const account = await t.createAccount();
    const none = await flowWith(account, chain(...fails), 'none');
    const noneRun = await runManual(account, none, 1);
    expect(await dataRows(noneRun)).toEqual([]);
    expect(await dataOf(account, noneRun)).toMatchObject({
      kept: false,
      kept_reason: 'Este flow não guarda os dados das execuções.',
      flow: null,
      nodes: [],
    });

    const errorsOk = await flowWith(account, chain(...succeeds), 'errors');
    const okRun = await runManual(account, errorsOk, 1);
    expect(await dataRows(okRun)).toEqual([]);
    expect(await dataOf(account, okRun)).toMatchObject({
      kept: false,
      kept_reason: 'Este flow guarda os dados só das execuções com erro.',
    });

    const errorsFail = await flowWith(account, chain(...fails), 'errors');
    const failRun = await runManual(account, errorsFail, 1);
    const failed = await dataOf(account, failRun);
    expect(failed.kept).toBe(true);
    expect(failed.nodes.map((node) => [node.node_uid, node.status])).toEqual([
      ['n0', 'success'],
      ['n1', 'error'],
    ]);
    expect(failed.nodes[1]!.error?.message).toContain('falhou de propósito');
  });

  it('keeps nothing with the data off, and says so', async () => {
    const account = await t.createAccount();
    const flowId = await flowWith(account, chain(...succeeds));
    const { runner, close } = createSecondRunner(t.database.db, { executionData: 'off' });
    closing.push(() => close());
    await runner.start();
    const { execution_id, done } = await runner.enqueue({
      workspaceId: account.workspaceId,
      flowId,
      triggerNodeUid: 'n0',
      msg: { payload: {} },
    });
    await done;
    expect(await dataRows(execution_id)).toEqual([]);
    const [row] = await t.database.db
      .select({ dataKept: executions.dataKept, flowHash: executions.flowHash })
      .from(executions)
      .where(eq(executions.id, execution_id));
    expect(row).toEqual({ dataKept: false, flowHash: null });
  });

  it('drops the messages of a node over the cap and keeps its counts', async () => {
    const account = await t.createAccount();
    const flowId = await flowWith(
      account,
      chain(
        { type: 'core_manual_trigger' },
        { type: 'core_code', params: { code: "return { payload: 'x'.repeat(1200000) };" } },
        { type: 'core_log', params: { label: 'Depois', message: 'ok' } },
      ),
    );
    const executionId = await runManual(account, flowId, 1);
    const data = await dataOf(account, executionId);
    expect(data.nodes.map((node) => [node.node_uid, node.items, node.truncated ?? false])).toEqual([
      ['n0', 1, false],
      ['n1', 1, true],
      ['n2', 1, true],
    ]);
    const code = (
      await t.request(account.token).get(`/api/v1/monitoring/executions/${executionId}/data/n1`)
    ).json() as NodeData;
    expect(code.runs[0]).toMatchObject({
      input: null,
      outputs: [{ output: 'default', msg: null }],
      truncated: { bytes: expect.any(Number) },
    });
    expect(code.runs[0]!.truncated!.bytes).toBeGreaterThan(1_200_000);
    const [row] = await dataRows(executionId);
    expect(row!.bytes).toBeLessThan(1024);
  });

  it('removes node data past the retention, and the flow versions nothing kept refers to', async () => {
    const account = await t.createAccount();
    const flowId = await flowWith(account, chain(...succeeds));
    const old = await runManual(account, flowId, 1);
    const recent = await runManual(account, flowId, 2);
    const ago = new Date(t.clock.now().getTime() - 40 * dayMs);
    const age = async (executionId: string) => {
      await t.database.db
        .update(executions)
        .set({ endedAt: ago })
        .where(eq(executions.id, executionId));
      await t.database.db
        .update(executionData)
        .set({ createdAt: ago })
        .where(eq(executionData.executionId, executionId));
      await t.database.db.execute(
        sql`update flow_snapshots set created_at = ${ago.toISOString()}::timestamptz`,
      );
    };
    const snapshots = () =>
      t.database.db.select().from(flowSnapshots).where(eq(flowSnapshots.flowId, flowId));
    const retention = createLogRetention({
      db: t.database.db,
      days: 30,
      now: () => t.clock.now(),
      onError: (error) => {
        throw error;
      },
      deleteOlderThan: (cutoff) =>
        createExecutionDataRepository(t.database.db).deleteOlderThan(cutoff),
    });

    await age(old);
    await retention.runOnce();
    expect(await dataRows(old)).toEqual([]);
    expect((await dataRows(recent))[0]!.summaries).toHaveLength(2);
    // The recent execution ran the same version: it stays.
    expect(await snapshots()).toHaveLength(1);
    expect(await dataOf(account, old)).toMatchObject({
      kept: false,
      kept_reason: 'Os dados desta execução já foram apagados (retenção de 30 dias).',
    });

    await age(recent);
    await retention.runOnce();
    expect(await dataRows(recent)).toEqual([]);
    expect(await snapshots()).toEqual([]);
  });
});
