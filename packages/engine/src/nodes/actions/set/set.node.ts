import { defineNode } from '../../../kit/define-node';
import { setPath } from '../../../kit/paths';

export const setNode = defineNode({
  type: 'core_set',
  version: 1,
  category: 'action',
  label: 'Definir valores',
  description:
    'Define valores na mensagem ou nos dados do flow, por caminho (ex.: payload.cliente.nome).',
  icon: 'pencil',
  params: {
    target: {
      type: 'select',
      label: 'Onde',
      default: 'msg',
      options: [
        { label: 'Na mensagem (msg)', value: 'msg' },
        { label: 'Nos dados do flow (flow)', value: 'flow' },
      ],
    },
    values: {
      type: 'table-params',
      label: 'Valores',
      required: true,
      columns: [
        { key: 'path', label: 'Caminho', type: 'text' },
        { key: 'value', label: 'Valor', type: 'text' },
      ],
    },
  },
  outputs: { default: { label: 'Saída' } },
  async run({ params, input, flow }) {
    const rows = params.values.map((row) => ({ path: String(row.path ?? ''), value: row.value }));
    if (params.target === 'flow') {
      for (const { path, value } of rows) flow.set(path, value);
      return { output: 'default', msg: input };
    }
    const msg = structuredClone(input);
    for (const { path, value } of rows) setPath(msg, path, value);
    return { output: 'default', msg };
  },
});
