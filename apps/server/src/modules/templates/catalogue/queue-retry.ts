import { edge, node, type TemplateSource } from './template-source';

export const queueRetryTemplate: TemplateSource = {
  _id: 'fila-com-novas-tentativas',
  name: 'Fila com novas tentativas',
  description:
    'Consome as mensagens de uma fila interna e as entrega a uma API. Se a entrega falhar, espera 30 segundos e tenta de novo, até 3 vezes, antes de encerrar com erro: a mensagem fica com falha na fila, de onde pode ser reenviada.',
  tags: ['filas', 'http', 'resiliência'],
  variables: [{ key: 'DESTINO_API_URL', value: 'https://api.exemplo.com.br/eventos' }],
  nodes: [
    node('fila', 'core_queue_trigger', [0, 0], 'Mensagem da fila', { queue: '' }),
    node('entregar', 'core_http_request', [1, 0], 'Entregar à API', {
      method: 'POST',
      url: '{{ vars.DESTINO_API_URL }}',
      body_type: 'json',
      body: '{{ msg.payload }}',
      timeout_ms: 15000,
      retries: 0,
    }),
    node('entregue', 'core_log', [2, -0.6], 'Entregue', {
      label: 'Mensagem entregue',
      message:
        'Status {{ msg.http.status }} após {{ (flow.tentativas ? flow.tentativas : 0) + 1 }} tentativa(s).',
    }),
    node('contar', 'core_set', [2, 0.6], 'Contar tentativa', {
      target: 'flow',
      values: [{ path: 'tentativas', value: '{{ (flow.tentativas ? flow.tentativas : 0) + 1 }}' }],
    }),
    node('pode-tentar', 'core_condition', [3, 0.6], 'Pode tentar de novo?', {
      expression: 'flow.tentativas <= 3',
    }),
    node('esperar', 'core_delay', [4, 0.1], 'Esperar 30 s', { amount: 30, unit: 's' }),
    node('desistir', 'core_stop', [4, 1.1], 'Desistir', {
      status: 'error',
      message: 'Mensagem não entregue após 3 novas tentativas: {{ msg.error.message }}',
    }),
  ],
  edges: [
    edge('fila', 'entregar'),
    edge('entregar', 'entregue'),
    edge('entregar', 'contar', 'error'),
    edge('contar', 'pode-tentar'),
    edge('pode-tentar', 'esperar', 'true'),
    edge('esperar', 'entregar'),
    edge('pode-tentar', 'desistir', 'false'),
  ],
};
