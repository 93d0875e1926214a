import { edge, node, type TemplateSource } from './template-source';

export const uptimeMonitorTemplate: TemplateSource = {
  _id: 'monitor-de-disponibilidade',
  name: 'Monitor de disponibilidade de site',
  description:
    'A cada 5 minutos acessa um endereço e, se ele não responder com sucesso em 10 segundos (mesmo após 2 novas tentativas), registra a falha e envia um alerta para um webhook.',
  tags: ['monitoramento', 'alertas', 'agendamento', 'http'],
  variables: [
    { key: 'SITE_URL', value: 'https://www.exemplo.com.br' },
    { key: 'ALERTA_WEBHOOK_URL', value: 'https://hooks.slack.com/services/COLE/SEU/WEBHOOK' },
  ],
  nodes: [
    node('agenda', 'core_schedule_trigger', [0, 0], 'A cada 5 minutos', {
      cron: '0 */5 * * * *',
      timezone: 'America/Sao_Paulo',
    }),
    node('acessar', 'core_http_request', [1, 0], 'Acessar o site', {
      method: 'GET',
      url: '{{ vars.SITE_URL }}',
      body_type: 'none',
      timeout_ms: 10000,
      retries: 2,
    }),
    node('registrar', 'core_log', [2, -0.5], 'Registrar falha', {
      label: 'Site fora do ar',
      message: '{{ vars.SITE_URL & ": " & msg.error.message }}',
    }),
    node('alertar', 'core_http_request', [2, 0.5], 'Enviar alerta', {
      method: 'POST',
      url: '{{ vars.ALERTA_WEBHOOK_URL }}',
      body_type: 'json',
      body: '{{ { "text": vars.SITE_URL & " está fora do ar: " & msg.error.message } }}',
      timeout_ms: 10000,
      retries: 2,
    }),
  ],
  edges: [
    edge('agenda', 'acessar'),
    edge('acessar', 'registrar', 'error'),
    edge('acessar', 'alertar', 'error'),
  ],
};
