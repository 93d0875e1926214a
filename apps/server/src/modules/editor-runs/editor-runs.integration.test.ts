import { expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { createFlow, executionsOf, finished } from '../../test/flow-fixtures';
import { useTestApp, type TestContext } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { linesOf, manualFlow, webhookFlow } from './editor-run.fixtures';

const m = messages.editorRun;

/** POST /engine/flow/editor-run/{flowId} as the editor sends it; answers the execution id. */
async function editorRun(t: TestContext, token: string, flowId: string, body: object) {
  const res = await t.request(token).post(`/engine/flow/editor-run/${flowId}`, body);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ success: true, execution_id: expect.any(String) });
  return (res.json() as { execution_id: string }).execution_id;
}

describeEachDriver('editor runs', (driver) => {
  const t = useTestApp(driver);

  it("runs the editor's unsaved document up to the chosen node, never past it", async () => {
    const account = await t.createAccount();
    const flowId = await createFlow(t, account, webhookFlow('v1'));
    const id = await editorRun(t, account.token, flowId, {
      document: webhookFlow('v2'),
      destination: 'codigo',
      trigger: { node_uid: 'gancho', msg: { payload: { nome: 'Ana' } } },
    });
    const lines = await linesOf(t, id);
    // The unsaved code ran; the condition and the log after the chosen node never did.
    expect(lines.user).toEqual(['código v2: Ana']);
    expect(lines.finished).toEqual(['gancho', 'codigo']);
    const [row] = await executionsOf(t, flowId);
    expect(row).toMatchObject({ id, status: 'success', triggerNodeUid: 'gancho' });
    expect(row!.triggerType).toBe('core_webhook_trigger');
  });

  it('uses pins in editor runs and never in production runs of the same document', async () => {
    const account = await t.createAccount();
    const pinned = {
      ...webhookFlow('v1'),
      pins: { gancho: [{ output: 'default', msg: { payload: { nome: 'Pino' } } }] },
    };
    const flowId = await createFlow(t, account, pinned);
    const id = await editorRun(t, account.token, flowId, {
      document: pinned,
      destination: 'codigo',
      trigger: { node_uid: 'gancho', msg: { payload: { nome: 'Ana' } } },
    });
    expect((await linesOf(t, id)).user).toEqual(['código v1: Pino']);

    const call = await t.app.inject({
      method: 'POST',
      url: `/engine/webhook/${flowId}/pedido`,
      payload: { nome: 'Ana' },
    });
    expect(call.statusCode, call.body).toBeLessThan(300);
    const rows = await finished(t, flowId, 2);
    const production = rows.find((row) => row.id !== id)!;
    expect((await linesOf(t, production.id)).user).toEqual(['código v1: Ana', 'chegou']);
  });

  it("'Executar este conector' runs only that node with the input given", async () => {
    const account = await t.createAccount();
    const flowId = await createFlow(t, account, webhookFlow('v1'));
    const id = await editorRun(t, account.token, flowId, {
      document: webhookFlow('v2'),
      destination: 'codigo',
      startAt: { node_uid: 'codigo', msg: { payload: { nome: 'Bia' } } },
    });
    const lines = await linesOf(t, id);
    expect(lines.user).toEqual(['código v2: Bia']);
    expect(lines.finished).toEqual(['codigo']);
    const [row] = await executionsOf(t, flowId);
    // A node's input is no trigger's request: it is not offered as the webhook's last one.
    expect(row).toMatchObject({ triggerNodeUid: 'gancho', triggerMsg: null });
  });

  it("checks a manual trigger's form values, and runs a disabled flow", async () => {
    const account = await t.createAccount();
    const flowId = await createFlow(t, account, manualFlow(), false);
    const body = { document: manualFlow(), destination: 'codigo' };
    const missing = await t.request(account.token).post(`/engine/flow/editor-run/${flowId}`, {
      ...body,
      trigger: { node_uid: 'manual', msg: {} },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('Cliente');
    expect(await executionsOf(t, flowId)).toHaveLength(0);

    const id = await editorRun(t, account.token, flowId, {
      ...body,
      trigger: { node_uid: 'manual', msg: { nome: 'Maria' } },
    });
    expect((await linesOf(t, id)).user).toEqual(['código manual: Maria']);
  });

  it('refuses what it cannot run, with the messages a person reads', async () => {
    const account = await t.createAccount();
    const flowId = await createFlow(t, account, webhookFlow('v1'));
    const api = t.request(account.token);
    const trigger = { node_uid: 'gancho', msg: { payload: {} } };
    const refusal = async (body: object) => {
      const res = await api.post(`/engine/flow/editor-run/${flowId}`, body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().message as string;
    };
    const document = webhookFlow('v2');
    expect(await refusal({ document, destination: 'nenhum', trigger })).toBe(m.destinationMissing);
    expect(await refusal({ document, destination: 'codigo' })).toBe(m.chooseTrigger);
    const startAt = { node_uid: 'codigo', msg: {} };
    expect(await refusal({ document, destination: 'codigo', trigger, startAt })).toBe(
      m.chooseTrigger,
    );
    // The code node is no trigger, and the log node does not lead to the code node.
    const code = { node_uid: 'codigo', msg: {} };
    expect(await refusal({ document, destination: 'codigo', trigger: code })).toBe(m.chooseTrigger);
    expect(
      await refusal({ document, destination: 'codigo', startAt: { node_uid: 'fim', msg: {} } }),
    ).toBe(m.startAtDestination);

    // A document a save refuses is refused with the save's message.
    const huge = { code: `// ${'x'.repeat(300 * 1024)}` };
    const broken = {
      ...document,
      nodes: document.nodes.map((node) =>
        node.uid === 'codigo' ? { ...node, params: huge } : node,
      ),
    };
    const save = await api.put(`/api/v1/flows/${flowId}`, { data: broken });
    expect(save.statusCode).toBe(400);
    expect(await refusal({ document: broken, destination: 'codigo', trigger })).toBe(
      save.json().message,
    );
    expect(await executionsOf(t, flowId)).toHaveLength(0);
  });

  it("answers 404 for another workspace's flow", async () => {
    const owner = await t.createAccount();
    const flowId = await createFlow(t, owner, webhookFlow('v1'));
    const other = t.request((await t.createAccount()).token);
    const run = await other.post(`/engine/flow/editor-run/${flowId}`, {
      document: webhookFlow('v2'),
      destination: 'codigo',
      trigger: { node_uid: 'gancho', msg: { payload: {} } },
    });
    expect(run.statusCode).toBe(404);
    expect(run.json().message).toBe(messages.engine.flowNotFound);
    const last = await other.get(`/engine/flow/last-trigger-message/${flowId}/gancho`);
    expect(last.statusCode).toBe(404);
    expect(await executionsOf(t, flowId)).toHaveLength(0);
  });

  it("answers a webhook's latest kept request", async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const flowId = await createFlow(t, account, webhookFlow('v1'));
    const url = `/engine/flow/last-trigger-message/${flowId}/gancho`;
    expect((await api.get(url)).json()).toEqual({
      execution_id: null,
      msg: null,
      received_at: null,
    });
    for (const nome of ['Um', 'Dois']) {
      const call = await t.app.inject({
        method: 'POST',
        url: `/engine/webhook/${flowId}/pedido`,
        payload: { nome },
      });
      expect(call.statusCode, call.body).toBeLessThan(300);
      t.clock.advance(1_000);
    }
    const rows = await finished(t, flowId, 2);
    const latest = rows.sort((a, b) => +b.queuedAt - +a.queuedAt)[0]!;
    const res = await api.get(url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      execution_id: latest.id,
      msg: expect.objectContaining({ payload: { nome: 'Dois' } }),
      received_at: latest.queuedAt.toISOString(),
    });
    expect((await api.get(`/engine/flow/last-trigger-message/${flowId}/codigo`)).json()).toEqual({
      execution_id: null,
      msg: null,
      received_at: null,
    });
  });
});
