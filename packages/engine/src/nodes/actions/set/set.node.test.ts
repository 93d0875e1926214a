import { describe, expect, it } from 'vitest';
import { runNode } from '../../../testing/run-node';
import { setNode } from './set.node.ts';

describe('core_set', () => {
  it('sets nested paths on a copy of the message, keeping the type of whole expressions', async () => {
    const input = { payload: { cliente: { nome: 'Ana' }, total: 10 } };
    const { emitted } = await runNode(setNode, {
      input,
      params: {
        values: [
          { path: 'payload.cliente.email', value: 'ana@exemplo.com.br' },
          { path: 'payload.total', value: '{{ msg.payload.total * 2 }}' },
          { path: 'payload.itens', value: '{{ [1, 2] }}' },
          { path: 'status.aprovado', value: '{{ true }}' },
          { path: 'resumo', value: 'Total: {{ msg.payload.total }}' },
        ],
      },
    });
    expect(emitted[0]?.msg).toEqual({
      payload: { cliente: { nome: 'Ana', email: 'ana@exemplo.com.br' }, total: 20, itens: [1, 2] },
      status: { aprovado: true },
      resumo: 'Total: 10',
    });
    expect(input).toEqual({ payload: { cliente: { nome: 'Ana' }, total: 10 } });
  });

  it('writes to the flow data when the target is flow', async () => {
    const input = { payload: { lote: 3 } };
    const { emitted, flowData } = await runNode(setNode, {
      input,
      flowData: { contador: 1 },
      params: {
        target: 'flow',
        values: [{ path: 'ultimo.lote', value: '{{ msg.payload.lote }}' }],
      },
    });
    expect(flowData).toEqual({ contador: 1, ultimo: { lote: 3 } });
    expect(emitted[0]?.msg).toBe(input);
  });

  it('refuses paths that would reach the prototype', async () => {
    await expect(
      runNode(setNode, { params: { values: [{ path: '__proto__.admin', value: 'sim' }] } }),
    ).rejects.toThrow('Caminho não permitido: __proto__.admin');
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});
