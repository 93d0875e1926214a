import { defineNode } from '../../../kit/define-node';

export const executeFlowNode = defineNode({
  type: 'core_execute_flow',
  version: 1,
  category: 'action',
  label: 'Executar flow',
  description:
    'Executa outro flow do workspace (pelo gatilho "Chamado por outro flow") e, se quiser, espera o resultado.',
  icon: 'arrow-right-circle',
  params: {
    flow: { type: 'flow', label: 'Flow', required: true },
    payload: {
      type: 'textarea',
      label: 'Payload enviado',
      valueType: 'any',
      default: '{{ msg.payload }}',
    },
    wait: { type: 'boolean', label: 'Esperar o resultado', default: true },
  },
  outputs: { default: { label: 'Saída' } },
  async run({ params, input, ports, scope, signal }) {
    const result = await ports.flows.execute(scope, {
      flowId: params.flow,
      payload: params.payload ?? null,
      wait: params.wait,
      signal,
    });
    if (!params.wait)
      return { output: 'default', msg: { ...input, called_execution_id: result.execution_id } };
    const answer = result.msg as { payload?: unknown } | undefined;
    const payload =
      answer && typeof answer === 'object' && 'payload' in answer ? answer.payload : answer;
    return {
      output: 'default',
      msg: { ...input, payload, called_execution_id: result.execution_id },
    };
  },
});
