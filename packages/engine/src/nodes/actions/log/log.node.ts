import { defineNode } from '../../../kit/define-node';

export const logNode = defineNode({
  type: 'core_log',
  version: 1,
  category: 'action',
  label: 'Log',
  description: 'Grava uma mensagem nos logs de monitoramento.',
  icon: 'file-text',
  params: {
    label: { type: 'text', label: 'Rótulo', required: true },
    message: { type: 'textarea', label: 'Mensagem', required: true, valueType: 'any' },
  },
  outputs: { default: { label: 'Saída' } },
  async run({ params, input, log }) {
    log.user(params.label, params.message);
    return { output: 'default', msg: input };
  },
});
