import { describe, expect, it } from 'vitest';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { createHarness } from '../testing/engine-harness';

/** test_trigger → a Log node whose message is `message`. */
const logging = (message: string) =>
  ({
    version: 1,
    nodes: [
      { uid: 'gatilho', type: 'test_trigger', position: { x: 0, y: 0 }, params: {} },
      {
        uid: 'log',
        type: 'core_log',
        position: { x: 200, y: 0 },
        params: { label: 'Pedido', message },
      },
    ],
    edges: [{ id: 'e', source: 'gatilho', sourceOutput: 'default', target: 'log' }],
  }) as FlowDocument;

describe('an execution that fails on an expression', () => {
  it('says in pt-BR, with the code, and marks an expression that cannot be read', async () => {
    const broken = await createHarness().run(logging('Total: {{ $substring("abc" x) }}'), {});
    expect(broken.status).toBe('error');
    expect(broken.error).toEqual({
      message:
        'Expressão inválida no parâmetro "message": S0202: Esperava ")", mas encontrou "x" (posição 18)',
      node_uid: 'log',
      code: 'invalid_expression',
    });
  });

  it('does not mark one that fails on the data it was given', async () => {
    const result = await createHarness().run(logging('{{ $number(msg.payload.qtd) }}'), {
      qtd: 'doze',
    });
    expect(result.error).toEqual({
      message:
        'Expressão inválida no parâmetro "message": D3030: Não foi possível converter o valor em número: "doze" (posição 8)',
      node_uid: 'log',
    });
  });
});
