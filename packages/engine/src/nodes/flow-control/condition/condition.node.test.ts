import { describe, expect, it } from 'vitest';
import { createFakePorts } from '../../../testing/fake-ports';
import { runNode } from '../../../testing/run-node';
import { conditionNode } from './condition.node.ts';

describe('core_condition', () => {
  const input = { payload: { total: 150, cliente: 'Ana' } };

  it('takes "true" or "false" from a bare JSONata expression', async () => {
    const high = await runNode(conditionNode, {
      params: { expression: 'msg.payload.total > 100' },
      input,
    });
    expect(high.emitted).toEqual([{ output: 'true', msg: input }]);
    const low = await runNode(conditionNode, {
      params: { expression: 'msg.payload.total > 200' },
      input,
    });
    expect(low.emitted).toEqual([{ output: 'false', msg: input }]);
  });

  it('accepts the {{ }} form and reads empty values as false', async () => {
    const braces = await runNode(conditionNode, {
      params: { expression: '{{ msg.payload.cliente = "Ana" }}' },
      input,
    });
    expect(braces.emitted[0]?.output).toBe('true');
    const missing = await runNode(conditionNode, {
      params: { expression: 'msg.payload.nada' },
      input,
    });
    expect(missing.emitted[0]?.output).toBe('false');
  });

  it('reads flow data and variables', async () => {
    const ports = createFakePorts();
    ports.variables.values.MODO = 'producao';
    const expression = 'flow.limite < msg.payload.total and vars.MODO = "producao"';
    const run = (limite: number) =>
      runNode(conditionNode, { params: { expression }, input, flowData: { limite }, ports });
    expect((await run(100)).emitted[0]?.output).toBe('true');
    expect((await run(500)).emitted[0]?.output).toBe('false');
  });

  it('fails with a pt-BR message on a broken expression', async () => {
    await expect(
      runNode(conditionNode, { params: { expression: 'msg.payload.total >' }, input }),
    ).rejects.toThrow(/^Expressão inválida no parâmetro "expression":/);
  });

  it('bounds a bare expression like any {{ }} one, naming the param', async () => {
    await expect(
      runNode(conditionNode, {
        params: { expression: '$count($map([1..2000000], function($v) { $v })) > 0' },
        input,
      }),
    ).rejects.toThrow(
      'A expressão do parâmetro "expression" excedeu o limite de 1.000.000 de itens em uma lista.',
    );
    const hostile = { payload: { texto: `${'a'.repeat(40)}!` } };
    const linear = await runNode(conditionNode, {
      params: { expression: '$contains(msg.payload.texto, /(a+)+$/)' },
      input: hostile,
    });
    expect(linear.emitted[0]?.output).toBe('false');
  });
});
