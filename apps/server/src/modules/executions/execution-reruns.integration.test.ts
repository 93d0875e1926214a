import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { NodeRun } from '@ponte/shared/execution-data.schema';
import { executions } from '../../db/schema';
import { startFlakyApi, type FlakyApi } from '../../test/stand-ins/flaky-api';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { until } from '../../test/until';

// The order service is a stand-in on 127.0.0.2 (plain HTTP answering 200 with JSON); the broken
// version of the flow calls 127.0.0.3, which the network guard refuses: nothing on the internet.
let api: FlakyApi;
beforeAll(async () => {
  api = await startFlakyApi('127.0.0.2');
});
afterAll(async () => {
  await api.close();
});

const at = (x: number) => ({ x, y: 0 });

/** Manual trigger → 'Preparar' (a log) → 'Consultar pedido' (HTTP GET of the order in the payload). */
const orderFlow = (host: string) => ({
  version: 1,
  nodes: [
    { uid: 'inicio', type: 'core_manual_trigger', position: at(0), params: {} },
    {
      uid: 'preparar',
      type: 'core_log',
      position: at(200),
      params: { label: 'Pedido', message: '{{ msg.payload.pedido }}' },
    },
    {
      uid: 'api',
      type: 'core_http_request',
      label: 'Consultar pedido',
      position: at(400),
      params: { method: 'GET', url: `http://${host}/pedidos/{{ msg.payload.pedido }}` },
    },
  ],
  edges: [
    { id: 'e1', source: 'inicio', sourceOutput: 'default', target: 'preparar' },
    { id: 'e2', source: 'preparar', sourceOutput: 'default', target: 'api' },
  ],
});

describeEachDriver('re-running executions', (driver) => {
  const t = useTestApp(driver, { httpAllowedNetworks: ['127.0.0.2/32'] });
  const broken = () => orderFlow('127.0.0.3:9');
  const fixed = () => orderFlow(new URL(api.url).host);

  const createFlow = async (account: TestAccount, saveExecutions = 'all') => {
    const res = await t.request(account.token).post('/api/v1/flows', {
      name: 'Pedidos',
      enabled: true,
      data: broken(),
      config: { rate_limit: 0, save_executions: saveExecutions },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { _id: string; version: number };
  };
  const fix = async (account: TestAccount, flowId: string) => {
    const current = await t.request(account.token).get(`/api/v1/flows/${flowId}`);
    const res = await t.request(account.token).put(`/api/v1/flows/${flowId}`, {
      ...(current.json() as object),
      data: fixed(),
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const rowOf = async (id: string) =>
    (await t.database.db.select().from(executions).where(eq(executions.id, id)))[0]!;
  const ended = (id: string) =>
    until(async () => {
      const row = await rowOf(id);
      return !['queued', 'running'].includes(row.status) && row;
    }, 'a execução terminar');
  const runOnce = async (account: TestAccount, flowId: string, pedido: number) => {
    const res = await t
      .request(account.token)
      .post(`/engine/flow/manual-trigger/${flowId}`, { pedido });
    expect(res.statusCode, res.body).toBe(200);
    const row = await until(async () => {
      const rows = await t.database.db
        .select()
        .from(executions)
        .where(eq(executions.flowId, flowId));
      const found = rows.find(
        (each) =>
          (each.triggerMsg as { payload?: { pedido?: number } })?.payload?.pedido === pedido,
      );
      return found && !['queued', 'running'].includes(found.status) && found;
    }, 'a execução terminar');
    return row;
  };
  const runsOf = async (account: TestAccount, executionId: string, nodeUid: string) => {
    const res = await t
      .request(account.token)
      .get(`/api/v1/monitoring/executions/${executionId}/data/${nodeUid}`);
    return res.statusCode === 200 ? (res.json() as { runs: NodeRun[] }).runs : null;
  };
  const rerun = (account: TestAccount, id: string, body: object) =>
    t.request(account.token).post(`/api/v1/monitoring/executions/${id}/rerun`, body);

  it('re-runs from the failed node with the input it had, after the node was fixed', async () => {
    const account = await t.createAccount();
    const flow = await createFlow(account);
    const failed = await runOnce(account, flow._id, 42);
    expect(failed.status).toBe('error');
    expect(failed.error).toMatchObject({ node_uid: 'api' });
    await fix(account, flow._id);
    api.paths.length = 0;

    const res = await rerun(account, failed.id, { from_node: 'api', version: 'current' });
    expect(res.statusCode, res.body).toBe(201);
    const again = await ended(res.json().execution_id);
    expect(again).toMatchObject({ status: 'success', rerunOf: failed.id });
    expect(again.flowVersion).toBe(flow.version + 1);
    // The node got the input it had: the order of the original trigger.
    expect(api.paths).toEqual(['/pedidos/42']);
    const [run] = (await runsOf(account, again.id, 'api'))!;
    const [original] = (await runsOf(account, failed.id, 'api'))!;
    expect(run!.input).toEqual(original!.input);
    // Nothing before the node ran again.
    expect(await runsOf(account, again.id, 'preparar')).toBeNull();

    const data = await t
      .request(account.token)
      .get(`/api/v1/monitoring/executions/${again.id}/data`);
    expect(data.json().execution.rerun_of).toBe(failed.id);
  });

  it('re-runs on the version the execution ran, and whole with the trigger data', async () => {
    const account = await t.createAccount();
    const flow = await createFlow(account);
    const failed = await runOnce(account, flow._id, 7);
    await fix(account, flow._id);

    const onRan = await rerun(account, failed.id, { from_node: 'api', version: 'ran' });
    expect(onRan.statusCode, onRan.body).toBe(201);
    const ranAgain = await ended(onRan.json().execution_id);
    expect(ranAgain).toMatchObject({ status: 'error', flowVersion: flow.version });

    api.paths.length = 0;
    const whole = await rerun(account, failed.id, {});
    expect(whole.statusCode, whole.body).toBe(201);
    const wholeAgain = await ended(whole.json().execution_id);
    expect(wholeAgain.status).toBe('success');
    expect(wholeAgain.triggerMsg).toEqual(failed.triggerMsg);
    expect(api.paths).toEqual(['/pedidos/7']);
  });

  it('refuses what cannot be re-run, in pt-BR, and nothing of another workspace', async () => {
    const account = await t.createAccount();
    const stranger = await t.createAccount();
    const flow = await createFlow(account, 'none');
    const failed = await runOnce(account, flow._id, 1);
    const notKept = await rerun(account, failed.id, { from_node: 'api' });
    expect(notKept.statusCode).toBe(409);
    expect(notKept.json().message).toContain('A entrada deste conector não foi guardada');
    expect((await rerun(stranger, failed.id, {})).statusCode).toBe(404);
    const badBody = await rerun(account, failed.id, { version: 'antiga' });
    expect(badBody.statusCode).toBe(400);
  });

  it('re-runs the failed executions of a period in bulk, after a preview of how many', async () => {
    const account = await t.createAccount();
    const flow = await createFlow(account);
    const from = new Date(Date.now() - 60_000).toISOString();
    const failed = [await runOnce(account, flow._id, 1), await runOnce(account, flow._id, 2)];
    await fix(account, flow._id);
    await runOnce(account, flow._id, 3);
    const to = new Date(Date.now() + 60_000).toISOString();
    const period = { flow_id: flow._id, from, to };

    const preview = await t
      .request(account.token)
      .post('/api/v1/monitoring/executions/rerun-failed/preview', period);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({ count: 2, without_trigger: 0, max: 500 });
    const stranger = await t.createAccount();
    const theirs = await t
      .request(stranger.token)
      .post('/api/v1/monitoring/executions/rerun-failed/preview', period);
    expect(theirs.json().count).toBe(0);

    const bulk = await t
      .request(account.token)
      .post('/api/v1/monitoring/executions/rerun-failed', period);
    expect(bulk.statusCode, bulk.body).toBe(201);
    const ids = bulk.json().execution_ids as string[];
    expect(ids).toHaveLength(2);
    const rows = await Promise.all(ids.map(ended));
    expect(rows.map((row) => row.status)).toEqual(['success', 'success']);
    expect(rows.map((row) => row.rerunOf).sort()).toEqual(failed.map((row) => row.id).sort());

    const backwards = await t
      .request(account.token)
      .post('/api/v1/monitoring/executions/rerun-failed/preview', {
        ...period,
        to: new Date(Date.parse(from) - 1000).toISOString(),
      });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('O fim do período não pode ser antes do início.');
  });
});
