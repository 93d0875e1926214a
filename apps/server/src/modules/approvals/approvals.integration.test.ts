import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Approval, ApprovalList } from '@ponte/shared/approvals.schema';
import type { AgentRunData } from '@ponte/shared/flow/agent-transcript';
import type { ExecutionData, NodeData } from '@ponte/shared/execution-data.schema';
import { messages } from '@ponte/shared/messages';
import { executions } from '../../db/schema';
import { createFlow } from '../../test/flow-fixtures';
import {
  startModelChatApisStandIn,
  type ModelChatApisStandIn,
} from '../../test/stand-ins/model-chat-apis';
import { useTestApp, type TestAccount, type TestContext } from '../../test/test-app';
import { createSharedTestDatabase, type SharedTestDatabase } from '../../test/test-database';
import { until } from '../../test/until';

// No AI provider is reached: a stand-in of OpenAI's Chat Completions with tool calls
// (https://platform.openai.com/docs/guides/function-calling) answers on 127.0.0.2.
const m = messages.agent;
const key = 'sk-aprovacao-123';
const cpf = '529.982.247-25';
let apis: ModelChatApisStandIn;
let shared: SharedTestDatabase;
beforeAll(async () => {
  apis = await startModelChatApisStandIn('127.0.0.2', key);
  shared = await createSharedTestDatabase('embedded');
});
afterAll(async () => {
  await apis.close();
  await shared.dispose();
});

const at = (x: number) => ({ x, y: 0 });
const options = {
  httpAllowedNetworks: ['127.0.0.2/32'],
  openDatabase: () => shared.open(),
};

/** Trigger → agent; 'Aprovação pedida' → a log of the link; a refund tool that needs approval. */
async function refundFlow(t: TestContext, account: TestAccount) {
  const api = t.request(account.token);
  const created = await api.post('/api/v1/service-accounts', {
    name: 'OpenAI',
    auth_type: 'openai_compatible',
    openai_compatible: { api_url: `${apis.url}/openai/v1`, api_key: key },
  });
  expect(created.statusCode, created.body).toBe(201);
  return createFlow(t, account, {
    version: 1,
    nodes: [
      { uid: 'inicio', type: 'core_manual_trigger', position: at(0), params: {} },
      {
        uid: 'agente',
        type: 'svc_agent',
        label: 'Atendente',
        position: at(200),
        params: {
          service_account: created.json()._id,
          model: 'gpt-4o-mini',
          message: '{{ msg.payload.texto }}',
        },
      },
      {
        uid: 'aviso',
        type: 'core_log',
        position: at(400),
        params: { label: 'Link', message: '{{ msg.approval.url }}' },
      },
      {
        uid: 'estorno',
        type: 'core_log',
        label: 'Estornar pagamento',
        position: at(600),
        params: { label: 'Estorno', message: '' },
        agentTool: { description: 'Estorna o pagamento.', params: ['message'], approval: true },
      },
    ],
    edges: [
      { id: 'e1', source: 'inicio', sourceOutput: 'default', target: 'agente' },
      { id: 'e2', source: 'agente', sourceOutput: 'approval', target: 'aviso' },
    ],
  });
}

const statusOf = async (t: TestContext, executionId: string) =>
  (
    await t.database.db
      .select({ status: executions.status })
      .from(executions)
      .where(eq(executions.id, executionId))
  )[0]?.status;

/** Runs the flow and waits until its execution waits for the approval. */
async function runUntilWaiting(t: TestContext, account: TestAccount, flowId: string) {
  const api = t.request(account.token);
  const started = await api.post(`/engine/flow/manual-trigger/${flowId}`, {
    texto: `Estorne a compra do CPF ${cpf}.`,
  });
  expect(started.statusCode, started.body).toBe(200);
  const rows = await until(async () => {
    const found = await t.database.db
      .select()
      .from(executions)
      .where(eq(executions.flowId, flowId));
    const waiting = found.filter((row) => row.status === 'waiting');
    return waiting.length > 0 && waiting;
  }, 'a execução aguardando aprovação');
  return rows.at(-1)!;
}

const flowIds: { account?: TestAccount; flowId?: string; link?: string; executionId?: string } = {};

describe('approvals of agent tools: before a restart', () => {
  const t = useTestApp('embedded', options);

  it('waits: the execution ends waiting, the pending approval shows the real arguments, the link goes out', async () => {
    const account = await t.createAccount();
    const flowId = await refundFlow(t, account);
    apis.script('openai', {
      text: 'Vou estornar.',
      toolCalls: [{ name: 'estornar_pagamento', args: { message: 'Estorno do [CPF_1]' } }],
    });
    const before = apis.calls.length;
    const execution = await runUntilWaiting(t, account, flowId);
    expect(apis.calls.length - before).toBe(1);
    const api = t.request(account.token);

    const list = (await api.get('/api/v1/approvals')).json() as ApprovalList;
    expect(list.items).toHaveLength(1);
    const [approval] = list.items;
    expect(approval).toMatchObject({
      status: 'pending',
      execution_id: execution.id,
      flow: { _id: flowId, name: 'Flow de teste' },
      node: { uid: 'agente', name: 'Atendente' },
      tool: { name: 'estornar_pagamento', label: 'Estornar pagamento', kind: 'node' },
      arguments: { message: `Estorno do ${cpf}` },
      model_text: 'Vou estornar.',
    });
    // The link went out on 'Aprovação pedida'; the tool did not run.
    const data = (
      await api.get(`/api/v1/monitoring/executions/${execution.id}/data`)
    ).json() as ExecutionData;
    expect(data.nodes.map((node) => node.node_uid).sort()).toEqual(['agente', 'aviso', 'inicio']);
    const aviso = (
      await api.get(`/api/v1/monitoring/executions/${execution.id}/data/aviso`)
    ).json() as NodeData;
    const link = (aviso.runs[0]!.input as { approval: { url: string } }).approval.url;
    expect(link).toMatch(/^\/engine\/approvals\/[A-Za-z0-9_-]{32}$/);

    // Another workspace sees nothing of it and cannot decide it.
    const other = await t.createAccount();
    const otherApi = t.request(other.token);
    expect(((await otherApi.get('/api/v1/approvals')).json() as ApprovalList).items).toEqual([]);
    const refused = await otherApi.post(`/api/v1/approvals/${approval!._id}/decision`, {
      decision: 'approve',
    });
    expect(refused.statusCode).toBe(404);
    Object.assign(flowIds, { account, flowId, link, executionId: execution.id });
  });
});

describe('approvals of agent tools: after a restart', () => {
  const t = useTestApp('embedded', options);

  it('resumes by the link after the restart: the tool runs, the model answers, decided once', async () => {
    const { account, link, executionId } = flowIds;
    expect(link).toBeDefined();
    apis.script('openai', { text: 'Estorno feito para [CPF_1].' });
    const before = apis.calls.length;
    const visitor = t.request(null);
    const page = (await visitor.get(`${link}/details`)).json() as Approval;
    expect(page).toMatchObject({ status: 'pending', tool: { label: 'Estornar pagamento' } });

    const decided = await visitor.post(`${link}/decision`, { decision: 'approve' });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toMatchObject({ status: 'approved', decided_by: m.approvalByLink });

    await until(async () => (await statusOf(t, executionId!)) === 'success', 'a execução retomada');
    const call = apis.calls[before]!;
    expect(JSON.stringify(call.body)).not.toContain(cpf);
    expect((call.body.messages as { role: string }[]).at(-1)).toMatchObject({ role: 'tool' });

    const api = t.request(account!.token);
    const base = `/api/v1/monitoring/executions/${executionId}/data`;
    // The two parts' node data are kept together.
    const data = (await api.get(base)).json() as ExecutionData;
    expect(data.nodes.map((node) => node.node_uid).sort()).toEqual([
      'agente',
      'aviso',
      'estorno',
      'inicio',
    ]);
    const agent = (await api.get(`${base}/agente`)).json() as NodeData;
    const msg = agent.runs.at(-1)!.outputs[0]!.msg as { payload: string; agent: AgentRunData };
    expect(msg.payload).toBe(`Estorno feito para ${cpf}.`);
    expect(msg.agent.transcript[1]).toMatchObject({
      name: 'estornar_pagamento',
      input: { message: `Estorno do ${cpf}` },
      approval: { decision: 'approved', by: m.approvalByLink },
    });

    const again = await visitor.post(`${link}/decision`, { decision: 'reject' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(m.approvalAlreadyDecided);
    expect(((await api.get('/api/v1/approvals')).json() as ApprovalList).items).toEqual([]);
  });

  it('rejects in the app: the tool does not run and the model is told the reason', async () => {
    const { account, flowId } = flowIds;
    apis.script(
      'openai',
      { toolCalls: [{ name: 'estornar_pagamento', args: { message: 'Estorno do [CPF_1]' } }] },
      { text: 'Não foi possível estornar.' },
    );
    const execution = await runUntilWaiting(t, account!, flowId!);
    const api = t.request(account!.token);
    const [approval] = ((await api.get('/api/v1/approvals')).json() as ApprovalList).items;
    const before = apis.calls.length;

    const decided = await api.post(`/api/v1/approvals/${approval!._id}/decision`, {
      decision: 'reject',
      reason: 'Compra já entregue',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toMatchObject({ status: 'rejected', reason: 'Compra já entregue' });

    await until(async () => (await statusOf(t, execution.id)) === 'success', 'a execução retomada');
    const told = (apis.calls[before]!.body.messages as { role: string; content: string }[]).at(-1);
    expect(told).toEqual({
      role: 'tool',
      tool_call_id: expect.any(String),
      content: m.approvalRejected('Compra já entregue'),
    });
    const data = (
      await api.get(`/api/v1/monitoring/executions/${execution.id}/data`)
    ).json() as ExecutionData;
    expect(data.nodes.map((node) => node.node_uid)).not.toContain('estorno');
  });
});
