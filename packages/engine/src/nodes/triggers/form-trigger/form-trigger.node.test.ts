import { describe, expect, it } from 'vitest';
import { unavailableReason } from '@ponte/shared/flow/node-availability';
import { runNode } from '../../../testing/run-node';
import { formTriggerNode } from './form-trigger.node.ts';

describe('core_form_trigger', () => {
  it('is a trigger that passes the message the server built on, untouched', async () => {
    const input = { payload: { nome: 'Ana' }, form: { _id: 'f1' } };
    const { emitted } = await runNode(formTriggerNode, {
      params: { form: 'f1' },
      input: structuredClone(input),
    });
    expect(emitted).toEqual([{ output: 'default', msg: input }]);
    expect(formTriggerNode.manifest.category).toBe('trigger');
    expect(unavailableReason('core_form_trigger')).toBeUndefined();
  });

  it('requires its form', async () => {
    await expect(runNode(formTriggerNode, {})).rejects.toThrow(
      'O parâmetro obrigatório "Formulário" (form) não foi preenchido.',
    );
  });
});
