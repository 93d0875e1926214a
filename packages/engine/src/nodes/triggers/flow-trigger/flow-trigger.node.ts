import { defineNode } from '../../../kit/define-node';

export const flowTriggerNode = defineNode({
  type: 'core_flow_trigger',
  version: 1,
  category: 'trigger',
  label: 'Chamado por outro flow',
  description: 'Inicia o flow quando outro flow do workspace o executa (conector "Executar flow").',
  icon: 'arrow-right-circle',
  params: {},
  outputs: { default: { label: 'Saída' } },
  /** The caller's payload arrives in msg.payload; who called, in msg.caller {flow_id, execution_id}. */
  async run({ input }) {
    return { output: 'default', msg: input };
  },
});
