import { describe, expect, it } from 'vitest';
import type { AgentRunData } from '@ponte/shared/flow/agent-transcript';
import type { FlowDocument, FlowNode } from '@ponte/shared/flow/flow-document.schema';
import { messages } from '@ponte/shared/messages';
import type { ApprovalDecision } from '../../ports';
import { createHarness } from '../../testing/engine-harness';
import { openAiToolAnswer } from './llm-test-fixtures';
import { createFakePorts, type FakePorts } from '../../testing/fake-ports';

// OpenAI's Chat Completions tool calling (https://platform.openai.com/docs/guides/function-calling):
// the stand-in answers with `tool_calls`, the agent answers back with `role: tool` messages.
const m = messages.agent;
const cpf = '529.982.247-25';

const openAi = openAiToolAnswer;

const node = (
  uid: string,
  type: string,
  params: Record<string, unknown>,
  extra = {},
): FlowNode => ({
  uid,
  type,
  typeVersion: 1,
  position: { x: 0, y: 0 },
  params,
  ...extra,
});

/** Trigger → agent; its 'Aprovação pedida' output → a node that records the link. */
const flow: FlowDocument = {
  version: 1,
  nodes: [
    node('gatilho', 'test_trigger', {}),
    node('agente', 'svc_agent', {
      service_account: 'openai',
      model: 'gpt-4o-mini',
      message: '{{ msg.payload.texto }}',
    }),
    node('avisar', 'test_tag', { tag: '{{ msg.approval.url }} {{ msg.approval.arguments.tag }}' }),
    node(
      'estornar',
      'test_tag',
      { tag: 'fixo' },
      {
        label: 'Estornar pagamento',
        agentTool: { description: 'Estorna o pagamento.', params: ['tag'], approval: true },
      },
    ),
  ],
  edges: [
    { id: 'e1', source: 'gatilho', sourceOutput: 'default', target: 'agente' },
    { id: 'e2', source: 'agente', sourceOutput: 'approval', target: 'avisar' },
  ],
};

function withAccount(): FakePorts {
  const ports = createFakePorts();
  ports.accounts.openai = {
    _id: 'openai',
    name: 'OpenAI',
    type: 'openai_compatible',
    data: { api_url: 'https://api.openai.com/v1', api_key: 'sk-1' },
  };
  return ports;
}

/** Runs until the agent asks for the approval: the harness, and the request it kept. */
async function askedForApproval() {
  const ports = withAccount();
  const answers = [
    openAi('Vou estornar.', [['c1', 'estornar_pagamento', { tag: 'estorno [CPF_1]' }]]),
  ];
  ports.httpHandler = () => answers.shift() ?? openAi('Fim.');
  const harness = createHarness({ ports });
  const first = await harness.run(flow, { texto: `Estorne o pedido do CPF ${cpf}.` });
  return { ports, harness, first, asked: ports.approvalRequests[0]! };
}

/** The execution resumed at the agent the way the server does it: what was kept, as JSON. */
function resume(
  asked: Awaited<ReturnType<typeof askedForApproval>>['asked'],
  decision: Partial<ApprovalDecision>,
) {
  const kept = JSON.parse(JSON.stringify(asked.request)) as typeof asked.request;
  const value: ApprovalDecision = {
    approvalId: asked.id,
    decision: 'approved',
    reason: null,
    decidedBy: 'Ana Souza',
    state: kept.state,
    ...decision,
  };
  return {
    resume: {
      nodeUid: kept.nodeUid,
      msg: kept.input as Record<string, unknown>,
      value,
      flowData: kept.flowData,
    },
  };
}

describe('svc_agent: a tool that requires approval', () => {
  it('waits for a person: the execution ends waiting and the link goes out, the tool not run', async () => {
    const { ports, harness, first, asked } = await askedForApproval();

    expect(first.status).toBe('waiting');
    expect(first.waiting).toEqual([
      { node_uid: 'agente', message: m.waitingApproval('Estornar pagamento') },
    ]);
    // The person sees the real values; the flow got the link on 'Aprovação pedida'.
    expect(asked.request).toMatchObject({
      nodeUid: 'agente',
      tool: { name: 'estornar_pagamento', label: 'Estornar pagamento', kind: 'node' },
      arguments: { tag: `estorno ${cpf}` },
      modelText: 'Vou estornar.',
    });
    expect(harness.visits).toEqual([
      `https://ponte.test/engine/approvals/token-aprovacao-1 estorno ${cpf}`,
    ]);
    expect(ports.httpCalls).toHaveLength(1);
    expect(JSON.stringify(asked.request.state)).not.toContain('sk-1');
  });

  it('resumes approved: the tool runs with the real values and the model gets its answer', async () => {
    const { ports, harness, asked } = await askedForApproval();
    ports.httpHandler = () => openAi('Estorno feito para [CPF_1].');

    const resumed = await harness.run(flow, {}, resume(asked, {}));

    expect(resumed.status).toBe('success');
    expect(harness.visits.at(-1)).toBe(`estorno ${cpf}`);
    const sent = JSON.parse(String(ports.httpCalls[1]!.body)) as { messages: unknown[] };
    expect(sent.messages).toEqual([
      { role: 'user', content: 'Estorne o pedido do CPF [CPF_1].' },
      expect.objectContaining({ role: 'assistant', content: 'Vou estornar.' }),
      {
        role: 'tool',
        tool_call_id: 'c1',
        content: '{"texto":"Estorne o pedido do CPF [CPF_1].","visited":["estorno [CPF_1]"]}',
      },
    ]);
    const msg = resumed.lastMessage as { payload: string; agent: AgentRunData };
    expect(msg.payload).toBe(`Estorno feito para ${cpf}.`);
    expect(msg.agent.steps).toBe(2);
    expect(msg.agent.tokens).toEqual({ entrada: 20, saida: 6 });
    expect(msg.agent.transcript.map((entry) => entry.type)).toEqual(['model', 'tool', 'model']);
    expect(msg.agent.transcript[1]).toMatchObject({
      name: 'estornar_pagamento',
      input: { tag: `estorno ${cpf}` },
      approval: { decision: 'approved', by: 'Ana Souza' },
    });
    expect(harness.logged('Agente de IA')).toContain(
      m.approvalDecided('Estornar pagamento', true, 'Ana Souza'),
    );
  });

  it('resumes rejected: the tool does not run and the model is told the refusal and why', async () => {
    const { ports, harness, asked } = await askedForApproval();
    ports.httpHandler = () => openAi('Não foi possível estornar.');
    const visitsBefore = harness.visits.length;

    const resumed = await harness.run(
      flow,
      {},
      resume(asked, { decision: 'rejected', reason: 'Cliente não pediu estorno' }),
    );

    expect(resumed.status).toBe('success');
    expect(harness.visits).toHaveLength(visitsBefore);
    const sent = JSON.parse(String(ports.httpCalls[1]!.body)) as { messages: unknown[] };
    expect(sent.messages.at(-1)).toEqual({
      role: 'tool',
      tool_call_id: 'c1',
      content: m.approvalRejected('Cliente não pediu estorno'),
    });
    const msg = resumed.lastMessage as { agent: AgentRunData };
    expect(msg.agent.transcript[1]).toMatchObject({
      error: m.approvalRejected('Cliente não pediu estorno'),
      approval: { decision: 'rejected', by: 'Ana Souza', reason: 'Cliente não pediu estorno' },
    });
  });

  it('tells the reason once, without a doubled period', () => {
    expect(m.approvalRejected('Estorno só com a nota fiscal.')).toContain(
      'Motivo: Estorno só com a nota fiscal. Não chame',
    );
    expect(m.approvalRejected(null)).toMatch(/^Uma pessoa rejeitou esta chamada da ferramenta\. /);
  });

  it('refuses a resumed state it cannot read, with a pt-BR error', async () => {
    const { harness, asked } = await askedForApproval();
    const broken = resume(asked, {});
    broken.resume.value.state = { version: 99 };
    const resumed = await harness.run(flow, {}, broken);
    expect(resumed.status).toBe('error');
    expect(resumed.error?.message).toBe(m.resumeUnreadable);
  });
});
