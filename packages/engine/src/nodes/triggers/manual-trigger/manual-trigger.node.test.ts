import { describe, expect, it } from 'vitest';
import { runNode } from '../../../testing/run-node';
import { manualFormFields, manualTriggerNode, validateManualInput } from './manual-trigger.node.ts';

const fields = [
  { name: 'cliente', label: 'Cliente', type: 'text', required: true },
  { name: 'obs', label: '', type: 'textarea', required: false },
  { name: 'planilha', label: 'Planilha', type: 'upload', required: 'true' },
  { name: ' ', label: 'sem nome', type: 'text' },
  { name: 'estranho', label: 'Estranho', type: 'video' },
];

describe('core_manual_trigger', () => {
  it('describes the form fields, falling back to text and to the name as label', () => {
    expect(manualFormFields({ fields })).toEqual([
      { name: 'cliente', label: 'Cliente', type: 'text', required: true },
      { name: 'obs', label: 'obs', type: 'textarea', required: false },
      { name: 'planilha', label: 'Planilha', type: 'upload', required: true },
      { name: 'estranho', label: 'Estranho', type: 'text', required: false },
    ]);
    expect(manualFormFields({})).toEqual([]);
  });

  it('lists the required fields left empty', () => {
    const form = manualFormFields({ fields });
    expect(validateManualInput(form, { cliente: '  ' })).toEqual([
      'O campo "Cliente" é obrigatório.',
      'O campo "Planilha" é obrigatório.',
    ]);
    expect(validateManualInput(form, { cliente: 'Ana', planilha: { filename: 'a.csv' } })).toEqual(
      [],
    );
  });

  it('passes the form values on in msg.payload', async () => {
    const input = { payload: { cliente: 'Ana' } };
    const { emitted } = await runNode(manualTriggerNode, { input, params: { fields } });
    expect(emitted).toEqual([{ output: 'default', msg: { payload: { cliente: 'Ana' } } }]);
  });
});
