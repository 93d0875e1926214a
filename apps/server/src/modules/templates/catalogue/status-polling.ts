import { edge, node, type TemplateSource } from './template-source';

const compare = `// Conta as consultas e compara o status com o da consulta anterior
// (getFlowData/setFlowData guardam dados durante esta execução).
const consultas = (getFlowData('consultas') || 0) + 1;
setFlowData('consultas', consultas);
const status = msg.payload && msg.payload.status;
const mudou = status !== getFlowData('ultimo_status');
setFlowData('ultimo_status', status);
return { ...msg, polling: { consultas, status, mudou } };
`;

export const statusPollingTemplate: TemplateSource = {
  _id: 'acompanhar-processamento-polling',
  name: 'Acompanhar um processamento (polling)',
  description:
    'Consulta o status de um processamento a cada 15 segundos, registra nos logs cada mudança de status e termina quando ele for concluído ou depois de 20 consultas.',
  tags: ['http', 'polling', 'manual'],
  variables: [{ key: 'STATUS_API_URL', value: 'https://api.exemplo.com.br/processamentos' }],
  nodes: [
    node('inicio', 'core_manual_trigger', [0, 0], 'Informar o processamento', {
      description: 'Informe o ID do processamento a acompanhar.',
      fields: [{ name: 'id', label: 'ID do processamento', type: 'text', required: true }],
    }),
    node('guardar', 'core_set', [1, 0], 'Guardar o ID', {
      target: 'flow',
      values: [{ path: 'processo_id', value: '{{ msg.payload.id }}' }],
    }),
    node('consultar', 'core_http_request', [2, 0], 'Consultar status', {
      method: 'GET',
      url: '{{ vars.STATUS_API_URL }}/{{ flow.processo_id }}',
      body_type: 'none',
      timeout_ms: 15000,
      retries: 2,
    }),
    node('comparar', 'core_code', [3, 0], 'Comparar com a anterior', { code: compare }),
    node('decidir', 'core_switch', [4, 0], 'Concluído?', {
      rules: [
        { output: 'concluido', condition: 'msg.polling.status = "concluido"' },
        { output: 'esgotado', condition: 'msg.polling.consultas >= 20' },
      ],
    }),
    node('concluido', 'core_log', [5, -0.9], 'Concluído', {
      label: 'Processamento concluído',
      message:
        'O processamento {{ flow.processo_id }} terminou após {{ msg.polling.consultas }} consulta(s).',
    }),
    node('esgotado', 'core_stop', [5, 0], 'Tempo esgotado', {
      status: 'error',
      message: 'O processamento {{ flow.processo_id }} não terminou após 20 consultas.',
    }),
    node('mudou', 'core_condition', [5, 0.9], 'Status mudou?', {
      expression: 'msg.polling.mudou',
    }),
    node('registrar', 'core_log', [6, 0.5], 'Registrar status', {
      label: 'Status do processamento',
      message: '{{ msg.polling.status }}',
    }),
    node('esperar', 'core_delay', [6, 1.4], 'Esperar 15 s', { amount: 15, unit: 's' }),
  ],
  edges: [
    edge('inicio', 'guardar'),
    edge('guardar', 'consultar'),
    edge('consultar', 'comparar'),
    edge('comparar', 'decidir'),
    edge('decidir', 'concluido', 'concluido'),
    edge('decidir', 'esgotado', 'esgotado'),
    edge('decidir', 'mudou'),
    edge('mudou', 'registrar', 'true'),
    edge('registrar', 'esperar'),
    edge('mudou', 'esperar', 'false'),
    edge('esperar', 'consultar'),
  ],
};
