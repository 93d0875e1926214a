import { edge, node, type TemplateSource } from './template-source';

export const errorAlertEmailTemplate: TemplateSource = {
  _id: 'alerta-de-erro-por-email',
  name: 'Alerta de erro por e-mail',
  description:
    'Avisa por e-mail quando um flow do workspace termina com erro, com a mensagem de erro, o conector que falhou e o ID da execução.',
  tags: ['alertas', 'e-mail', 'monitoramento'],
  variables: [{ key: 'ALERTA_EMAILS', value: 'suporte@exemplo.com.br' }],
  nodes: [
    node('erro', 'core_error_trigger', [0, 0], 'Erro em outro flow'),
    node('avisar', 'core_send_email', [1, 0], 'Avisar por e-mail', {
      service_account: '',
      to: '{{ vars.ALERTA_EMAILS }}',
      subject: 'Falha no flow {{ msg.payload.flow_id }}',
      text: 'Um flow terminou com erro.\n\nFlow: {{ msg.payload.flow_id }}\nExecução: {{ msg.payload.execution_id }}\nConector: {{ msg.payload.error.node_uid }}\nErro: {{ msg.payload.error.message }}',
    }),
  ],
  edges: [edge('erro', 'avisar')],
};
