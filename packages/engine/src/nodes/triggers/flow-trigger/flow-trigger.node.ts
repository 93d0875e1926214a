import { declaredInputsProblem, type DeclaredInputType } from '@ponte/shared/flow/declared-inputs';
import { defineNode } from '../../../kit/define-node';

/** The pt-BR name of each declared input type, as the 'Tipo' column offers it. */
const inputTypeLabels: Record<DeclaredInputType, string> = {
  string: 'Texto',
  number: 'Número',
  boolean: 'Sim/não',
  object: 'Objeto',
  array: 'Lista',
};

export const flowTriggerNode = defineNode({
  type: 'core_flow_trigger',
  version: 1,
  category: 'trigger',
  label: 'Chamado por outro flow',
  description: 'Inicia o flow quando outro flow do workspace o executa (conector "Executar flow").',
  icon: 'arrow-right-circle',
  params: {
    // What a caller (another flow, an agent, an MCP client) sends in msg.payload (docs/ai.md).
    inputs: {
      type: 'table-params',
      label: 'Entradas',
      description:
        'O que quem chama o flow envia em msg.payload. Um agente ou cliente MCP vê estas entradas como os parâmetros da ferramenta.',
      columns: [
        { key: 'name', label: 'Nome', type: 'text' },
        {
          key: 'type',
          label: 'Tipo',
          type: 'select',
          options: Object.entries(inputTypeLabels).map(([value, label]) => ({ label, value })),
        },
        { key: 'description', label: 'Descrição', type: 'text' },
        { key: 'required', label: 'Obrigatório', type: 'boolean' },
      ],
    },
  },
  outputs: { default: { label: 'Saída' } },
  checkParams: (params) => declaredInputsProblem(params.inputs),
  /** The caller's payload arrives in msg.payload; who called, in msg.caller {flow_id, execution_id}. */
  async run({ input }) {
    return { output: 'default', msg: input };
  },
});
