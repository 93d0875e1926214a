import { describe, expect, it } from 'vitest';
import { createFakePorts } from '../../../testing/fake-ports';
import { runNode } from '../../../testing/run-node';
import { executeFlowNode } from './execute-flow.node.ts';

describe('core_execute_flow', () => {
  it('calls the flow with msg.payload and takes its answer as the new payload', async () => {
    const ports = createFakePorts();
    ports.flowHandler = (_flowId, payload) => ({ payload: { recebido: payload }, outro: 1 });
    const { emitted } = await runNode(executeFlowNode, {
      ports,
      input: { payload: { id: 5 }, meu: 'campo' },
      params: { flow: 'f2' },
    });
    expect(ports.flowCalls).toEqual([{ flowId: 'f2', payload: { id: 5 }, wait: true }]);
    expect(emitted[0]?.msg).toEqual({
      payload: { recebido: { id: 5 } },
      meu: 'campo',
      called_execution_id: 'child-1',
    });
  });

  it('only enqueues when not waiting, keeping the payload', async () => {
    const ports = createFakePorts();
    const { emitted } = await runNode(executeFlowNode, {
      ports,
      input: { payload: 'x' },
      params: { flow: 'f2', wait: false, payload: '{{ {"lote": 1} }}' },
    });
    expect(ports.flowCalls).toEqual([{ flowId: 'f2', payload: { lote: 1 }, wait: false }]);
    expect(emitted[0]?.msg).toEqual({ payload: 'x', called_execution_id: 'child-1' });
  });

  it('fails with the called flow’s error', async () => {
    const ports = createFakePorts();
    ports.flowHandler = () => {
      throw new Error('O flow chamado terminou com erro: sem estoque');
    };
    await expect(runNode(executeFlowNode, { ports, params: { flow: 'f2' } })).rejects.toThrow(
      'O flow chamado terminou com erro: sem estoque',
    );
  });
});
