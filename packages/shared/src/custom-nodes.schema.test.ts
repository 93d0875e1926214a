import { describe, expect, it } from 'vitest';
import {
  customNodeParamSchema,
  customNodeSaveIssues,
  type CustomNodeParamInput,
} from './custom-nodes.schema';
import { messages } from './messages';

const m = messages.customNodes;
const operation = {
  name: 'operacao',
  label: 'Operação',
  type: 'select' as const,
  options: [{ label: 'Listar', value: 'listar' }],
};
const body = (params: CustomNodeParamInput[]) => ({ name: 'API', description: 'Uma API.', params });

describe('the params a connector with operations saves (docs/adr/0137)', () => {
  it('keeps a row saved before description, show_when and accepts as it was', () => {
    const old = { name: 'cep', label: 'CEP', type: 'text' };
    expect(Object.keys(customNodeParamSchema.parse(old)).sort()).toEqual([
      'columns',
      'default_value',
      'is_required',
      'label',
      'name',
      'options',
      'position',
      'type',
    ]);
  });

  it('takes show_when naming a select param and its values, and refuses anything else', () => {
    const shown: CustomNodeParamInput = {
      name: 'limite',
      label: 'Limite',
      type: 'number',
      show_when: { operacao: ['listar'] },
    };
    expect(customNodeSaveIssues(body([operation, shown]))).toEqual([]);
    const unknown = { ...shown, show_when: { tipo: ['listar'] } };
    expect(customNodeSaveIssues(body([operation, unknown])).map((i) => i.message)).toEqual([
      m.paramShowWhenUnknown(2, 'tipo'),
    ]);
    const value = { ...shown, show_when: { operacao: ['apagar'] } };
    expect(customNodeSaveIssues(body([operation, value])).map((i) => i.message)).toEqual([
      m.paramShowWhenValue(2, 'operacao'),
    ]);
  });

  it('takes only HTTP account types in accepts', () => {
    const account: CustomNodeParamInput = {
      name: 'conta',
      label: 'Conta',
      type: 'service_account',
      accepts: ['bearer_token'],
    };
    expect(customNodeSaveIssues(body([account]))).toEqual([]);
    expect(
      customNodeSaveIssues(body([{ ...account, accepts: ['smtp_account'] }])).map((i) => i.message),
    ).toEqual([m.paramAcceptsInvalid(1)]);
  });
});
