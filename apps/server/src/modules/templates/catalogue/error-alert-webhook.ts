import { edge, node, type TemplateSource } from './template-source';

export const errorAlertWebhookTemplate: TemplateSource = {
  _id: 'alerta-de-erro-por-webhook',
  name: 'Alerta de erro no Slack ou no Teams',
  description:
    'Quando um flow do workspace termina com erro, envia um aviso com a mensagem, o conector e a execução para um webhook de entrada (Slack, Teams, Google Chat…).',
  tags: ['alertas', 'webhook', 'monitoramento'],
  variables: [
    { key: 'ALERTA_WEBHOOK_URL', value: 'https://hooks.slack.com/services/COLE/SEU/WEBHOOK' },
  ],
  nodes: [
    node('erro', 'core_error_trigger', [0, 0], 'Erro em outro flow'),
    node('avisar', 'core_http_request', [1, 0], 'Avisar no chat', {
      method: 'POST',
      url: '{{ vars.ALERTA_WEBHOOK_URL }}',
      body_type: 'json',
      body: '{{ { "text": "Falha no flow " & msg.payload.flow_id & " (execução " & msg.payload.execution_id & ", conector " & msg.payload.error.node_uid & "): " & msg.payload.error.message } }}',
      timeout_ms: 10000,
      retries: 2,
    }),
    node('falha-aviso', 'core_log', [2, 0.5], 'Aviso não enviado', {
      label: 'Alerta não enviado',
      message: '{{ msg.error.message }}',
    }),
  ],
  edges: [edge('erro', 'avisar'), edge('avisar', 'falha-aviso', 'error')],
};
