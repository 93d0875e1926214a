import { describe, expect, it } from 'vitest';
import { runNode } from '../../../testing/run-node';
import { flowTriggerNode } from './flow-trigger.node.ts';

describe('core_flow_trigger', () => {
  it('is a trigger that passes the message the server built on, untouched', async () => {
    const input = { payload: [1, 2], caller: { flow_id: 'a', execution_id: 'e' } };
    const { emitted } = await runNode(flowTriggerNode, {
      params: {},
      input: structuredClone(input),
    });
    expect(emitted).toEqual([{ output: 'default', msg: input }]);
    expect(flowTriggerNode.manifest.category).toBe('trigger');
  });
});

describe('core_flow_trigger: its declared inputs', () => {
  const check = (inputs: unknown) => flowTriggerNode.checkParams?.({ inputs }) ?? null;

  it('accepts no inputs, and named ones of the offered types', () => {
    expect(check(undefined)).toBeNull();
    expect(
      check([
        { name: 'cliente', type: 'string', description: 'Nome', required: true },
        { name: 'valor_total', type: 'number', description: '', required: false },
        { name: '', type: 'string' },
      ]),
    ).toBeNull();
    const type = flowTriggerNode.manifest.params.inputs as { columns: { key: string }[] };
    expect(type.columns.map((column) => column.key)).toEqual([
      'name',
      'type',
      'description',
      'required',
    ]);
  });

  it('refuses a name a model cannot fill and a name given twice, in pt-BR', () => {
    expect(check([{ name: 'valor total', type: 'number' }])).toBe(
      'A entrada "valor total" deve ter só letras sem acento, números e _ (sem começar por número).',
    );
    expect(check([{ name: 'id' }, { name: 'id', type: 'number' }])).toBe(
      'A entrada "id" aparece duas vezes.',
    );
  });
});
