import { describe, expect, it } from 'vitest';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { defineNode } from '../kit/define-node';
import { SuspendExecution } from '../kit/suspend-execution';
import { createHarness } from '../testing/engine-harness';

/** Waits for a person the first time; resumed, it sends what it was resumed with. */
const waitNode = defineNode({
  type: 'test_wait',
  version: 1,
  category: 'action',
  label: 'Esperar uma pessoa',
  description: 'Suspende a execução até ser retomado.',
  icon: 'hand-stop',
  params: {},
  outputs: { default: { label: 'Saída' }, asked: { label: 'Pedido' } },
  async run({ input, resumed, flow }) {
    if (resumed === undefined) {
      flow.set('pedido', 'feito');
      throw new SuspendExecution('Aguardando uma pessoa.', [
        { output: 'asked', msg: { ...input, payload: { link: 'x' } } },
      ]);
    }
    return { output: 'default', msg: { ...input, payload: { resumed, flow: flow.get('pedido') } } };
  },
});

const at = { x: 0, y: 0 };
const node = (uid: string, type: string, params: Record<string, unknown> = {}) => ({
  uid,
  type,
  typeVersion: 1,
  position: at,
  params,
});

/** Trigger → wait (asked → tag 'aviso'; default → tag 'depois') and trigger → `other`. */
const flow = (other: string): FlowDocument => ({
  version: 1,
  nodes: [
    node('gatilho', 'test_trigger'),
    node('espera', 'test_wait'),
    node('aviso', 'test_tag', { tag: 'aviso' }),
    node('depois', 'test_tag', { tag: 'depois' }),
    node('outro', other, other === 'test_tag' ? { tag: 'outro ramo' } : {}),
  ],
  edges: [
    { id: 'e1', source: 'gatilho', sourceOutput: 'default', target: 'espera' },
    { id: 'e2', source: 'espera', sourceOutput: 'asked', target: 'aviso' },
    { id: 'e3', source: 'espera', sourceOutput: 'default', target: 'depois' },
    { id: 'e4', source: 'gatilho', sourceOutput: 'default', target: 'outro' },
  ],
});

describe('an execution that waits for a person', () => {
  it('sends what the waiting node gave, finishes the other branches, then ends waiting', async () => {
    const harness = createHarness();
    const result = await harness.run(flow('test_tag'), {}, { nodes: [waitNode] });
    expect(result.error).toBeUndefined();
    expect(result.status).toBe('waiting');
    expect(result.waiting).toEqual([{ node_uid: 'espera', message: 'Aguardando uma pessoa.' }]);
    expect([...harness.visits].sort()).toEqual(['aviso', 'outro ramo']);
    const finished = harness.events.find((event) => event.type === 'execution_finished');
    expect(finished).toMatchObject({ status: 'waiting' });
  });

  it('ends with the error when another branch fails meanwhile', async () => {
    const harness = createHarness();
    const result = await harness.run(flow('test_fail'), {}, { nodes: [waitNode] });
    expect(result.status).toBe('error');
    expect(result.waiting).toBeUndefined();
  });

  it('resumes at the node with its input, the decision and the flow data it had', async () => {
    const harness = createHarness();
    const result = await harness.run(
      flow('test_tag'),
      {},
      {
        nodes: [waitNode],
        resume: {
          nodeUid: 'espera',
          msg: { payload: {} },
          value: 'aprovado',
          flowData: { pedido: 'feito' },
        },
      },
    );
    expect(result.status).toBe('success');
    // Only what follows the node runs: not the trigger's other branch.
    expect(harness.visits).toEqual(['depois']);
    expect(result.lastMessage).toEqual({
      payload: { resumed: 'aprovado', flow: 'feito', visited: ['depois'] },
    });
  });
});
