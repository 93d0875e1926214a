import { describe, expect, it } from 'vitest';
import { runNode } from '../../../testing/run-node';
import { switchNode } from './switch.node.ts';

const rules = [
  { output: 'alto', condition: 'msg.payload.total >= 1000' },
  { output: 'medio', condition: '{{ msg.payload.total >= 100 }}' },
];

describe('core_switch', () => {
  it('follows the first rule that holds, in order', async () => {
    const run = (total: number) =>
      runNode(switchNode, { params: { rules }, input: { payload: { total } } });
    expect((await run(5000)).emitted[0]?.output).toBe('alto');
    expect((await run(500)).emitted[0]?.output).toBe('medio');
  });

  it('falls back to "default" when no rule holds', async () => {
    const input = { payload: { total: 1 } };
    const { emitted } = await runNode(switchNode, { params: { rules }, input });
    expect(emitted).toEqual([{ output: 'default', msg: input }]);
  });

  it('names the rule whose expression is broken', async () => {
    await expect(
      runNode(switchNode, {
        params: { rules: [{ output: 'x', condition: 'msg.payload.(' }] },
        input: { payload: {} },
      }),
    ).rejects.toThrow(/^Expressão inválida no parâmetro "rules\[1\]\.condition"/);
  });

  it('refuses a rule without an output name', async () => {
    await expect(
      runNode(switchNode, { params: { rules: [{ output: ' ', condition: 'true' }] } }),
    ).rejects.toThrow('A regra 1 não tem o nome da saída.');
  });
});
