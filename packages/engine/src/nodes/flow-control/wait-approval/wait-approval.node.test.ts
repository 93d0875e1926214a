import { describe, expect, it } from 'vitest';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { createHarness } from '../../../testing/engine-harness';

const at = { x: 0, y: 0 };
const node = (uid: string, type: string, params: Record<string, unknown> = {}) => ({
  uid,
  type,
  typeVersion: 1,
  position: at,
  params,
});

const approvalParams = {
  approvers: [{ approver: 'ana@empresa.com.br' }, { approver: '{{ msg.payload.gestores }}' }],
  mode: 'all',
  title: 'Reembolso de {{ msg.payload.nome }}',
  text: 'Valor: {{ msg.payload.valor }}',
  data: '{{ msg.payload }}',
  comment: true,
  fields: [
    { label: 'Centro de custo', type: 'text', required: true },
    { label: 'Valor aprovado', type: 'number', required: false },
  ],
  timeout: 3,
  timeout_unit: 'd',
};

/** Trigger → approval (links → 'aviso'; approved, rejected, expired → a tag each). */
const flow = (params: Record<string, unknown> = approvalParams): FlowDocument => ({
  version: 1,
  nodes: [
    node('gatilho', 'test_trigger'),
    node('aprovacao', 'core_wait_approval', params),
    node('aviso', 'test_tag', { tag: 'aviso' }),
    node('aprovado', 'test_tag', { tag: 'aprovado' }),
    node('rejeitado', 'test_tag', { tag: 'rejeitado' }),
    node('expirou', 'test_tag', { tag: 'expirou' }),
  ],
  edges: [
    { id: 'e1', source: 'gatilho', sourceOutput: 'default', target: 'aprovacao' },
    { id: 'e2', source: 'aprovacao', sourceOutput: 'link', target: 'aviso' },
    { id: 'e3', source: 'aprovacao', sourceOutput: 'default', target: 'aprovado' },
    { id: 'e4', source: 'aprovacao', sourceOutput: 'rejected', target: 'rejeitado' },
    { id: 'e5', source: 'aprovacao', sourceOutput: 'expired', target: 'expirou' },
  ],
});

const order = { nome: 'Bia', valor: '1.234,56', gestores: ['Caio', 'Davi', 'Caio'] };
const answer = (approver: string, decision: 'approved' | 'rejected', fields = {}) => ({
  approver,
  decision,
  comment: decision === 'rejected' ? 'Sem nota fiscal' : null,
  fields,
  decided_at: '2026-11-30T12:00:00.000Z',
});
/** The sweep delivering the request's expiry to the node. */
const expiry = {
  retries: {
    deliveries: [
      {
        nodeUid: 'aprovacao',
        msg: { payload: order },
        attempt: 0,
        resumed: { outcome: 'expired', request: 'aprovacao-1' },
      },
    ],
  },
};
const resumeWith = (value: unknown) => ({
  resume: { nodeUid: 'aprovacao', msg: { payload: order }, value },
});

describe("'Aguardar aprovação'", () => {
  it('sends one link per approver, keeps the page resolved, and the execution ends waiting until it expires', async () => {
    const harness = createHarness();
    const result = await harness.run(flow(), order);
    expect(result.status).toBe('waiting');
    expect(harness.visits).toEqual(['aviso', 'aviso', 'aviso']);
    const [request] = harness.ports.approvalWaitList;
    expect(request!.request).toMatchObject({
      nodeUid: 'aprovacao',
      approvers: ['ana@empresa.com.br', 'Caio', 'Davi'],
      mode: 'all',
      title: 'Reembolso de Bia',
      text: 'Valor: 1.234,56',
      data: expect.objectContaining({ nome: 'Bia', valor: '1.234,56' }),
      comment: true,
      fields: [
        { key: 'Centro de custo', label: 'Centro de custo', type: 'text', required: true },
        { key: 'Valor aprovado', label: 'Valor aprovado', type: 'number', required: false },
      ],
    });
    expect(request!.request.expiresAt - harness.ports.time).toBe(3 * 86_400_000);
    expect(result.waiting).toEqual([
      expect.objectContaining({
        node_uid: 'aprovacao',
        wake: expect.objectContaining({
          at: request!.request.expiresAt,
          value: { outcome: 'expired', request: 'aprovacao-1' },
        }),
      }),
    ]);
  });

  it("goes on by 'Aprovado' with every answer, the last comment and the fields", async () => {
    const harness = createHarness();
    const answers = [
      answer('ana@empresa.com.br', 'approved', { 'Centro de custo': 'TI' }),
      answer('Caio', 'approved', { 'Valor aprovado': 1234.56 }),
    ];
    const result = await harness.run(
      flow(),
      {},
      resumeWith({ outcome: 'decided', request: 'aprovacao-1', decision: 'approved', answers }),
    );
    expect(result.status).toBe('success');
    expect(harness.visits).toEqual(['aprovado']);
    expect(result.lastMessage).toMatchObject({
      approval: {
        status: 'approved',
        answers,
        comment: null,
        fields: { 'Centro de custo': 'TI', 'Valor aprovado': 1234.56 },
      },
    });
  });

  it("goes on by 'Rejeitado' with the rejection's comment", async () => {
    const harness = createHarness();
    const answers = [answer('Caio', 'rejected')];
    const result = await harness.run(
      flow(),
      {},
      resumeWith({ outcome: 'decided', request: 'aprovacao-1', decision: 'rejected', answers }),
    );
    expect(harness.visits).toEqual(['rejeitado']);
    expect(result.lastMessage).toMatchObject({
      approval: { status: 'rejected', comment: 'Sem nota fiscal' },
    });
  });

  it("goes on by 'Expirado' when the time ran out, with the answers given so far", async () => {
    const harness = createHarness();
    await harness.run(flow(), order);
    harness.ports.approvalWaitList[0]!.answers = [answer('ana@empresa.com.br', 'approved')];
    const result = await harness.run(flow(), {}, expiry);
    expect(result.status).toBe('success');
    expect(harness.visits).toEqual(['aviso', 'aviso', 'aviso', 'expirou']);
    expect(harness.ports.approvalWaitList[0]!.status).toBe('expired');
    expect(result.lastMessage).toMatchObject({
      approval: { status: 'expired', answers: [{ approver: 'ana@empresa.com.br' }] },
    });
  });

  it('goes on by the decision taken a moment before the time ran out, not by Expirado', async () => {
    const harness = createHarness();
    await harness.run(flow(), order);
    Object.assign(harness.ports.approvalWaitList[0]!, {
      status: 'decided',
      answers: [answer('Caio', 'rejected')],
    });
    const result = await harness.run(flow(), {}, expiry);
    expect(harness.visits).toEqual(['aviso', 'aviso', 'aviso', 'rejeitado']);
    expect(result.lastMessage).toMatchObject({
      approval: { status: 'rejected', comment: 'Sem nota fiscal' },
    });
  });

  it('fails with the reason when nobody is named, or a field has no name', async () => {
    const harness = createHarness();
    const nobody = await harness.run(flow({ ...approvalParams, approvers: [{ approver: ' ' }] }), {
      gestores: [],
    });
    expect(nobody.error?.message).toBe('Informe ao menos uma pessoa em "Quem aprova".');
    const unnamed = await harness.run(
      flow({ ...approvalParams, fields: [{ label: '', type: 'text' }] }),
      order,
    );
    expect(unnamed.error?.message).toBe('O campo 1 do formulário não tem nome.');
    expect(harness.ports.approvalWaitList).toEqual([]);
  });
});
