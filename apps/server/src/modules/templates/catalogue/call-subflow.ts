import { edge, node, type TemplateSource } from './template-source';

export const callSubflowTemplate: TemplateSource = {
  _id: 'chamar-outro-flow',
  name: 'Chamar outro flow e usar a resposta',
  description:
    'Executa outro flow do workspace (que comece pelo gatilho “Chamado por outro flow”), espera a resposta e a grava nos logs. Combina com o template “Sub-flow: padronizar contato”.',
  tags: ['sub-flows', 'manual', 'reutilização'],
  variables: [],
  nodes: [
    node('inicio', 'core_manual_trigger', [0, 0], 'Informar o contato', {
      description: 'Dados enviados ao sub-flow.',
      fields: [
        { name: 'nome', label: 'Nome', type: 'text', required: true },
        { name: 'email', label: 'E-mail', type: 'text', required: true },
        { name: 'telefone', label: 'Telefone', type: 'text', required: false },
      ],
    }),
    node('chamar', 'core_execute_flow', [1, 0], 'Chamar o sub-flow', {
      flow: '',
      payload: '{{ msg.payload }}',
      wait: true,
    }),
    node('registrar', 'core_log', [2, 0], 'Registrar resposta', {
      label: 'Resposta do sub-flow',
      message: '{{ msg.payload }}',
    }),
  ],
  edges: [edge('inicio', 'chamar'), edge('chamar', 'registrar')],
};
