import { describe, expect, it } from 'vitest';
import { runNode } from '../../../testing/run-node';
import { logNode } from './log.node.ts';

describe('core_log', () => {
  it('writes a user log with the resolved label and message, and passes the message on', async () => {
    const input = { payload: { pedido: 42, cliente: 'Ana' } };
    const { emitted, logs } = await runNode(logNode, {
      params: { label: 'Pedido {{ msg.payload.pedido }}', message: '{{ msg.payload }}' },
      input,
    });
    expect(logs).toEqual([
      { type: 'user', label: 'Pedido 42', message: { pedido: 42, cliente: 'Ana' } },
    ]);
    expect(emitted).toEqual([{ output: 'default', msg: input }]);
  });

  it('fails naming the param when the label is empty', async () => {
    await expect(runNode(logNode, { params: { label: '', message: 'x' } })).rejects.toThrow(
      'O parâmetro obrigatório "Rótulo" (label) não foi preenchido.',
    );
  });

  it('fails naming the param when an expression is invalid', async () => {
    await expect(
      runNode(logNode, { params: { label: 'ok', message: '{{ msg.payload. }}' } }),
    ).rejects.toThrow(/Expressão inválida no parâmetro "message"/);
  });
});
