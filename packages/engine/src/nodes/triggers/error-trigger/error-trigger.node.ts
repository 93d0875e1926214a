import { defineNode } from '../../../kit/define-node';

export const errorTriggerNode = defineNode({
  type: 'core_error_trigger',
  version: 1,
  category: 'trigger',
  label: 'Erro em outro flow',
  description: 'Inicia o flow quando outro flow do workspace termina com erro.',
  icon: 'alert-triangle',
  params: {},
  outputs: { default: { label: 'Saída' } },
  /** msg.payload = {error: {message, node_uid}, execution_id, flow_id} of the failed execution. */
  async run({ input }) {
    return { output: 'default', msg: input };
  },
});
